/**
 * The oldest key of a Map (the first in insertion order), for caches that evict it and re-insert a key they use (an
 * LRU). `map.keys().next()` answers the same but starts at the table's beginning every call, and V8 keeps a deleted
 * entry in the table until it next rebuilds it: a cache full at its bound walked every key it had evicted since, 11 to
 * 20 us an eviction at 10,000 to 20,000 keys (the state and session caches; `npm run bench caches` measures it). One
 * iterator per map is kept instead; it moves forward past each hole once. A Map iterator visits keys added after it was
 * made and skips deleted ones, so the next key it gives is still the oldest, provided the caller deletes each key it is
 * given (every caller here evicts it at once).
 */
const cursors = new WeakMap<Map<unknown, unknown>, Iterator<unknown>>();

export function oldestKey<K>(map: Map<K, unknown>): K | undefined {
  let cursor = cursors.get(map) as Iterator<K> | undefined;
  // A finished iterator stays finished (the map emptied under it): the second try starts a new one.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!cursor) cursors.set(map, (cursor = map.keys()));
    const next = cursor.next();
    if (!next.done) return next.value;
    cursor = undefined;
  }
  return undefined;
}

/*
 * Immutable collections for folded stream states that only ever grow (a member's lots, the idempotency keys used),
 * so that folding one more event costs the same however long the stream is. Copying a Set or an array per event made
 * each command, and each replay, pay for the member's whole history.
 *
 * Each collection is a view of the first `count` entries of a backing store it may share with the collections it was
 * grown from and into. Growing the newest view on a backing store appends to it in place: the older views do not see
 * the entry (it lies past their count). Growing an older view (two folds from one cached state, say) copies its own
 * entries to a fresh backing store first, so no view ever changes. The views are read-only; nothing else writes to a
 * backing store.
 */

/** An immutable list whose `with` is O(1) while it is grown from its newest version. */
export class GrowOnlyList<T> {
  private array: readonly T[] | undefined;

  private constructor(
    private readonly backing: T[],
    readonly length: number,
  ) {}

  static empty<T>(): GrowOnlyList<T> {
    return new GrowOnlyList<T>([], 0);
  }

  static of<T>(items: readonly T[]): GrowOnlyList<T> {
    return new GrowOnlyList([...items], items.length);
  }

  /** This list and `item` after it. */
  with(item: T): GrowOnlyList<T> {
    const backing = this.backing.length === this.length ? this.backing : this.backing.slice(0, this.length);
    backing.push(item);
    return new GrowOnlyList(backing, this.length + 1);
  }

  /** The entries as an array, made once per list (O(length) the first time). */
  toArray(): readonly T[] {
    this.array ??= this.backing.length === this.length ? [...this.backing] : this.backing.slice(0, this.length);
    return this.array;
  }
}

/** An immutable map whose `with` of a new key is O(1) while it is grown from its newest version. */
export class GrowOnlyMap<K, V> implements ReadonlyMap<K, V> {
  private constructor(
    /** Each key with its value and the order it was added in: a view holds the keys added before its `size`. */
    private readonly backing: Map<K, { value: V; order: number }>,
    readonly size: number,
  ) {}

  static empty<K, V>(): GrowOnlyMap<K, V> {
    return new GrowOnlyMap<K, V>(new Map(), 0);
  }

  private entry(key: K): { value: V; order: number } | undefined {
    const e = this.backing.get(key);
    return e && e.order < this.size ? e : undefined;
  }

  has(key: K): boolean {
    return this.entry(key) !== undefined;
  }

  get(key: K): V | undefined {
    return this.entry(key)?.value;
  }

  /** This map with `key` set to `value` (a key it holds already is replaced in a copy). */
  with(key: K, value: V): GrowOnlyMap<K, V> {
    const held = this.entry(key);
    if (held && Object.is(held.value, value)) return this;
    if (!held && this.backing.size === this.size) {
      this.backing.set(key, { value, order: this.size });
      return new GrowOnlyMap(this.backing, this.size + 1);
    }
    const copy = new Map<K, { value: V; order: number }>();
    let order = 0;
    for (const [k, v] of this.entries()) copy.set(k, { value: k === key ? value : v, order: order++ });
    if (!held) copy.set(key, { value, order: order++ });
    return new GrowOnlyMap(copy, order);
  }

  *entries(): MapIterator<[K, V]> {
    // Insertion order is the order of `order`: the entries past this view's size come after all of its own.
    for (const [key, e] of this.backing) {
      if (e.order >= this.size) return;
      yield [key, e.value];
    }
  }

  *keys(): MapIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }
}

/** An immutable set whose `with` of a new key is O(1) while it is grown from its newest version. */
export class GrowOnlySet<T> implements ReadonlySet<T> {
  private constructor(private readonly map: GrowOnlyMap<T, true>) {}

  static empty<T>(): GrowOnlySet<T> {
    return new GrowOnlySet(GrowOnlyMap.empty<T, true>());
  }

  static of<T>(items: Iterable<T>): GrowOnlySet<T> {
    let set = GrowOnlySet.empty<T>();
    for (const item of items) set = set.with(item);
    return set;
  }

  get size(): number {
    return this.map.size;
  }

  has(item: T): boolean {
    return this.map.has(item);
  }

  with(item: T): GrowOnlySet<T> {
    const map = this.map.with(item, true);
    return map === this.map ? this : new GrowOnlySet(map);
  }

  *entries(): SetIterator<[T, T]> {
    for (const key of this.map.keys()) yield [key, key];
  }

  keys(): SetIterator<T> {
    return this.values();
  }

  *values(): SetIterator<T> {
    yield* this.map.keys();
  }

  [Symbol.iterator](): SetIterator<T> {
    return this.values();
  }

  forEach(callback: (value: T, key: T, set: ReadonlySet<T>) => void, thisArg?: unknown): void {
    for (const key of this.map.keys()) callback.call(thisArg, key, key, this);
  }
}

/*
 * Immutable collections for folded stream states that only ever grow (a member's lots, the idempotency keys used),
 * so that folding one more event costs the same however long the stream is. Copying a Set or an array per event made
 * each command, and each replay, pay for the member's whole history.
 *
 * Each collection is a view of a backing store it may share with the collections it was grown from and into: the first
 * `length` entries of a list, or what a map held at its `version`. Growing the newest view on a backing store appends
 * to it in place: the older views do not see the entry (it lies past their length or version). Growing an older view
 * (two folds from one cached state, say) copies its own entries to a fresh backing store first, so no view ever
 * changes. The views are read-only; nothing else writes to a backing store.
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

/** A key's values in the order they were set, each with the version of the map that set it (ascending). */
interface Versions<V> {
  at: number[];
  values: V[];
}

/** What the versions of one map share: every key's values, and how many `with`s have been applied to it. */
interface Backing<K, V> {
  keys: Map<K, Versions<V>>;
  version: number;
}

/**
 * An immutable map whose `with` is O(1) while it is grown from its newest version, whether it adds a key or sets a
 * new value for one (a tally per day, say): a view sees the values set before its version, the newest of them.
 */
export class GrowOnlyMap<K, V> implements ReadonlyMap<K, V> {
  private constructor(
    private readonly backing: Backing<K, V>,
    private readonly version: number,
    readonly size: number,
  ) {}

  static empty<K, V>(): GrowOnlyMap<K, V> {
    return new GrowOnlyMap<K, V>({ keys: new Map(), version: 0 }, 0, 0);
  }

  /** The index of the value of `v` this view sees, or -1 when it has not seen the key. */
  private seen(v: Versions<V> | undefined): number {
    if (!v || v.at[0] >= this.version) return -1;
    let i = v.at.length - 1;
    while (v.at[i] >= this.version) i--;
    return i;
  }

  has(key: K): boolean {
    return this.seen(this.backing.keys.get(key)) >= 0;
  }

  get(key: K): V | undefined {
    const v = this.backing.keys.get(key);
    const i = this.seen(v);
    return i < 0 ? undefined : v!.values[i];
  }

  /** This map with `key` set to `value`. */
  with(key: K, value: V): GrowOnlyMap<K, V> {
    const known = this.has(key);
    if (known && Object.is(this.get(key), value)) return this;
    const backing = this.backing.version === this.version ? this.backing : this.copy();
    const v = backing.keys.get(key);
    if (v) {
      v.at.push(backing.version);
      v.values.push(value);
    } else backing.keys.set(key, { at: [backing.version], values: [value] });
    backing.version += 1;
    return new GrowOnlyMap(backing, backing.version, known ? this.size : this.size + 1);
  }

  /** A backing of this view's own entries, for growing a version that is not the newest. */
  private copy(): Backing<K, V> {
    const keys = new Map<K, Versions<V>>();
    let version = 0;
    for (const [key, value] of this.entries()) keys.set(key, { at: [version++], values: [value] });
    return { keys, version };
  }

  *entries(): MapIterator<[K, V]> {
    // Keys are in the order they were first set, so those this view has not seen come after all that it has.
    for (const [key, v] of this.backing.keys) {
      const i = this.seen(v);
      if (i < 0) return;
      yield [key, v.values[i]];
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

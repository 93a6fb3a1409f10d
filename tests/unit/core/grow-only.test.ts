import { PointsAwarded } from '../../../event-schemas';
import { GrowOnlyList, GrowOnlyMap, GrowOnlySet } from '../../../server/core/grow-only';
import { evolveMember, initialMemberState, type MemberState } from '../../../server/points/member-state';

describe('GrowOnlyList', () => {
  it('keeps every version as it was when a newer one grows', () => {
    const a = GrowOnlyList.empty<number>().with(1).with(2);
    const b = a.with(3);
    const c = b.with(4);
    expect(a.toArray()).toEqual([1, 2]);
    expect(b.toArray()).toEqual([1, 2, 3]);
    expect(c.toArray()).toEqual([1, 2, 3, 4]);
    expect([a.length, b.length, c.length]).toEqual([2, 3, 4]);
  });

  it('gives an older version grown again its own entries, leaving the newer ones alone', () => {
    const a = GrowOnlyList.of(['x']);
    const newer = a.with('y');
    const branch = a.with('z');
    expect(newer.toArray()).toEqual(['x', 'y']);
    expect(branch.toArray()).toEqual(['x', 'z']);
    expect(newer.with('w').toArray()).toEqual(['x', 'y', 'w']);
    expect(branch.with('v').toArray()).toEqual(['x', 'z', 'v']);
  });

  it('copies what it was made of', () => {
    const source = [1, 2];
    const list = GrowOnlyList.of(source);
    source.push(3);
    expect(list.toArray()).toEqual([1, 2]);
  });
});

describe('GrowOnlyMap', () => {
  it('hides the keys added after a version from it', () => {
    const a = GrowOnlyMap.empty<string, number>().with('a', 1);
    const b = a.with('b', 2);
    expect([a.has('b'), a.get('b'), a.size]).toEqual([false, undefined, 1]);
    expect([b.has('b'), b.get('b'), b.size]).toEqual([true, 2, 2]);
    expect([...a]).toEqual([['a', 1]]);
    expect([...b.keys()]).toEqual(['a', 'b']);
    expect([...b.values()]).toEqual([1, 2]);
  });

  it('sets a new value for a key it holds: the version before keeps the old value', () => {
    const a = GrowOnlyMap.empty<string, number>().with('a', 1).with('b', 2);
    const b = a.with('a', 10);
    expect([a.get('a'), b.get('a')]).toEqual([1, 10]);
    expect([...b.entries()]).toEqual([
      ['a', 10],
      ['b', 2],
    ]);
    expect(a.with('b', 2)).toBe(a);
  });

  it('branches: an older version and a newer one grown with the same key each hold only their own', () => {
    const base = GrowOnlyMap.empty<string, string>().with('k', 'base');
    const one = base.with('x', 'one');
    const two = base.with('y', 'two');
    expect([...one]).toEqual([
      ['k', 'base'],
      ['x', 'one'],
    ]);
    expect([...two]).toEqual([
      ['k', 'base'],
      ['y', 'two'],
    ]);
    expect([one.has('y'), two.has('x')]).toEqual([false, false]);
    const seen: string[] = [];
    two.forEach((value, key) => seen.push(`${key}=${value}`));
    expect(seen).toEqual(['k=base', 'y=two']);
  });
});

describe('GrowOnlyMap tallies', () => {
  it('sets values on an older version in a copy of that version alone', () => {
    const a = GrowOnlyMap.empty<string, number>().with('day', 1);
    const b = a.with('day', 2);
    const fork = a.with('day', 5).with('other', 1);
    expect([a.get('day'), b.get('day'), fork.get('day'), fork.get('other'), b.has('other')]).toEqual([1, 2, 5, 1, false]);
    expect(b.with('day', 3).get('day')).toBe(3);
    expect([b.size, fork.size]).toEqual([1, 2]);
  });

  it('adds to 10,000 keys 50,000 times in linear time', () => {
    const started = performance.now();
    let m = GrowOnlyMap.empty<number, number>();
    for (let i = 0; i < 10_000; i++) m = m.with(i, 0);
    for (let i = 0; i < 50_000; i++) m = m.with(i % 10_000, (m.get(i % 10_000) ?? 0) + 1);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect([m.size, m.get(0), m.get(9_999)]).toEqual([10_000, 5, 5]);
  });
});

describe('GrowOnlySet', () => {
  it('answers membership per version and adds a key it holds as nothing', () => {
    const a = GrowOnlySet.of(['p', 'q']);
    const b = a.with('r');
    expect([a.has('r'), b.has('r'), a.size, b.size]).toEqual([false, true, 2, 3]);
    expect(b.with('p')).toBe(b);
    expect([...b]).toEqual(['p', 'q', 'r']);
    expect([...b.entries()]).toEqual([
      ['p', 'p'],
      ['q', 'q'],
      ['r', 'r'],
    ]);
  });
});

describe("a member's fold", () => {
  const award = (i: number) =>
    PointsAwarded.of({
      paxId: 1,
      lotId: `lot-${i}`,
      amount: 1,
      description: 'test',
      source: 'ADMIN',
      expirationDate: '2030-01-01',
      idempotencyKey: `key-${i}`,
    });

  it('folds 50,000 awards in linear time (a copy of the lots and keys per award took minutes)', () => {
    const started = performance.now();
    let state: MemberState = initialMemberState;
    for (let i = 0; i < 50_000; i++) state = evolveMember(state, award(i));
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(state.balance).toBe(50_000);
    expect(state.lots).toHaveLength(50_000);
    expect([state.usedAwardKeys.has('key-0'), state.usedAwardKeys.has('key-49999'), state.usedAwardKeys.has('key-50000')]).toEqual([true, true, false]);
  });

  it('leaves a cached state as it was when two commands fold on from it', () => {
    const cached = [0, 1].map(award).reduce(evolveMember, initialMemberState);
    const first = evolveMember(cached, award(2));
    const second = evolveMember(cached, award(3));
    expect(cached.lots.map((l) => l.lotId)).toEqual(['lot-0', 'lot-1']);
    expect(first.lots.map((l) => l.lotId)).toEqual(['lot-0', 'lot-1', 'lot-2']);
    expect(second.lots.map((l) => l.lotId)).toEqual(['lot-0', 'lot-1', 'lot-3']);
    expect([cached.usedAwardKeys.has('key-2'), first.usedAwardKeys.has('key-2'), second.usedAwardKeys.has('key-2')]).toEqual([false, true, false]);
    expect([cached.balance, first.balance, second.balance]).toEqual([2, 3, 3]);
  });
});

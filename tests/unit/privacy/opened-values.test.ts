import { OpenedValues } from '../../../server/privacy/sealing/opened-values';

describe('OpenedValues', () => {
  it('answers an event’s values only for the member whose key sealed them', () => {
    const v = new OpenedValues(10);
    v.set('e1', 7, { description: 'Birthday bonus' });
    expect(v.get('e1', 7)).toEqual({ description: 'Birthday bonus' });
    // An envelope naming another member is not this value: it is opened with that member's key, or not at all.
    expect(v.get('e1', 8)).toBeUndefined();
    expect(v.get('e2', 7)).toBeUndefined();
  });

  it('never holds more than its capacity, dropping the oldest first', () => {
    const v = new OpenedValues(3);
    for (let i = 1; i <= 10; i++) {
      v.set(`e${i}`, 1, { n: i });
      expect(v.size).toBeLessThanOrEqual(3);
    }
    expect([1, 7, 8].map((i) => v.get(`e${i}`, 1))).toEqual([undefined, undefined, { n: 8 }]);
    expect(v.get('e10', 1)).toEqual({ n: 10 });
  });

  it('forgets every value of a member at once, and everything on clear', () => {
    const v = new OpenedValues(10);
    v.set('a', 1, { x: 1 });
    v.set('b', 2, { x: 2 });
    v.set('c', 1, { x: 3 });
    v.forgetMember(1);
    expect([v.get('a', 1), v.get('b', 2), v.get('c', 1)]).toEqual([undefined, { x: 2 }, undefined]);
    v.clear();
    expect(v.size).toBe(0);
    // Still bounded after a clear.
    for (let i = 0; i < 20; i++) v.set(`n${i}`, 3, {});
    expect(v.size).toBe(10);
  });

  it('refuses a capacity below one', () => {
    expect(() => new OpenedValues(0)).toThrow(RangeError);
  });
});

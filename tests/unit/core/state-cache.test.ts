import { StateCache } from '../../../server/core/state-cache';

const fold = { evolve: () => undefined, initialState: {} };
const entry = (revision: number) => ({ state: { revision }, revision });

describe('the command state cache', () => {
  it('keeps states up to a budget of folded events, forgetting the least recently used first', () => {
    const cache = new StateCache(1_000, 100);
    cache.set(fold, 'member-1', entry(39)); // 40 events
    cache.set(fold, 'member-2', entry(39));
    expect(cache.get(fold, 'member-1')).toBeDefined(); // member-2 is now the least recently used
    cache.set(fold, 'member-3', entry(29)); // 110 events in all: member-2 goes
    expect(cache.get(fold, 'member-2')).toBeUndefined();
    expect(cache.get(fold, 'member-1')).toBeDefined();
    expect(cache.get(fold, 'member-3')).toBeDefined();
    expect(cache.eventsHeld(fold)).toBe(70);
  });

  it('counts a stream once however often it is set, and lets a forgotten one go', () => {
    const cache = new StateCache(1_000, 100);
    for (let r = 0; r < 50; r++) cache.set(fold, 'member-1', entry(r));
    expect(cache.eventsHeld(fold)).toBe(50);
    cache.forget(fold, 'member-1');
    expect(cache.eventsHeld(fold)).toBe(0);
  });

  it('does not keep a state heavier than the whole budget, and keeps the others', () => {
    const cache = new StateCache(1_000, 100);
    cache.set(fold, 'member-1', entry(9));
    cache.set(fold, 'member-huge', entry(500));
    expect(cache.get(fold, 'member-huge')).toBeUndefined();
    expect(cache.get(fold, 'member-1')).toBeDefined();
  });

  it('still holds at most so many streams, however light', () => {
    const cache = new StateCache(3, 1_000_000);
    for (let m = 1; m <= 5; m++) cache.set(fold, `member-${m}`, entry(0));
    expect([1, 2, 3, 4, 5].filter((m) => cache.get(fold, `member-${m}`))).toEqual([3, 4, 5]);
  });
});

import { enrolledHere, markEnrolled, welcomeFor } from '../../client/src/lib/new-member';

describe('greeting a member on /home', () => {
  const member = { firstName: 'Sam', lastName: 'New' };
  it('welcomes a member who has just enrolled in this tab as new', () => {
    const storage = new Map<string, string>();
    const store = { setItem: (k: string, v: string) => void storage.set(k, v), getItem: (k: string) => storage.get(k) ?? null };
    markEnrolled(42, store);
    expect(enrolledHere(42, store)).toBe(true);
    expect(welcomeFor(member, enrolledHere(42, store))).toBe('Welcome, Sam New');
  });
  it('welcomes anyone else back', () => {
    const store = { getItem: () => null };
    expect(enrolledHere(42, store)).toBe(false);
    expect(welcomeFor(member, false)).toBe('Welcome back, Sam New');
  });
});

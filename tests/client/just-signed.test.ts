import { consumeMark, isWithinWindow } from '../../client/src/session/just-signed';

describe('just-signed-in and just-signed-out marks', () => {
  const signedAt = 1_700_000_000_000;

  it('is true when checked within 60 seconds of the event', () => {
    expect(isWithinWindow(signedAt, signedAt)).toBe(true);
    expect(isWithinWindow(signedAt, signedAt + 59_999)).toBe(true);
    expect(isWithinWindow(signedAt, signedAt + 60_000)).toBe(true);
  });

  it('is false after 60 seconds, before the event, or without one', () => {
    expect(isWithinWindow(signedAt, signedAt + 60_001)).toBe(false);
    expect(isWithinWindow(signedAt, signedAt - 1)).toBe(false);
    expect(isWithinWindow(null, signedAt)).toBe(false);
  });

  it('is consumed by the first check', () => {
    const clock = { now: signedAt + 10_000 };
    const first = consumeMark(signedAt, clock.now);
    expect(first).toEqual({ value: true, markedAt: null });
    clock.now += 1_000;
    expect(consumeMark(first.markedAt, clock.now).value).toBe(false);
  });

  it('is consumed even when the check comes too late', () => {
    expect(consumeMark(signedAt, signedAt + 120_000)).toEqual({ value: false, markedAt: null });
  });
});

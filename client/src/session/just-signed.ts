import { JUST_SIGNED_WINDOW_MS } from '../config/session';

/** True when `now` is within the window after `markedAt` (both epoch milliseconds). */
export const isWithinWindow = (markedAt: number | null, now: number, windowMs = JUST_SIGNED_WINDOW_MS): boolean =>
  markedAt !== null && now >= markedAt && now - markedAt <= windowMs;

/** Checking consumes the mark: the answer is given once, the mark is cleared whatever it was. */
export const consumeMark = (markedAt: number | null, now: number, windowMs = JUST_SIGNED_WINDOW_MS): { value: boolean; markedAt: null } => ({
  value: isWithinWindow(markedAt, now, windowMs),
  markedAt: null,
});

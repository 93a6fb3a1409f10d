/**
 * An absence check's observation window: the test asserts that something does NOT happen (a reader must not pass an
 * open transaction, a held dialog must stay held), so it has to watch for a while; no condition can end the wait early.
 * Everything that waits FOR something uses a condition instead (eventually, waitFor, expect.poll), never a sleep.
 */
export const watchNothingHappensFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

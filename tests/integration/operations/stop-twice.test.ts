import { startTestServer } from '../../support/test-server';

/**
 * A runtime stops once: a second stop (a test's teardown after its own early stop, a signal during shutdown) waits for
 * the first instead of ending the pool twice, which threw and left the test's HTTP listener open (jest did not exit
 * after synthetic-seed.test.ts).
 */
it('stops once however often it is told to, and the test server closes after an early runtime stop', async () => {
  const s = await startTestServer({ runScheduler: false });
  const first = s.runtime.stop();
  const second = s.runtime.stop();
  await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
  await expect(s.runtime.stop()).resolves.toBeUndefined();
  await expect(s.stop()).resolves.toBeUndefined();
});

import { sessionAuthenticated, sessionEnded } from '../../client/src/session/session-events';
import type { SessionUser } from '../../client/src/session/types';
import { $points, expiringListShown, fetchExpiringFx, livePointsReceived } from '../../client/src/stores/points';
import { fakeFetch, type RecordedCall } from './support/fake-http';

const user: SessionUser = { authToken: 'token-7', pax: { paxId: 7, firstName: 'Morgan', lastName: 'Member' }, events: [] };
const before = {
  balance: 1100,
  pending: 0,
  expiring: [
    { amount: 600, expirationDate: '2026-05-01' },
    { amount: 500, expirationDate: '2026-06-01' },
  ],
};
const after = { balance: 100, pending: 0, expiring: [{ amount: 100, expirationDate: '2026-06-01' }] };

describe('the points store, when a live points message arrives', () => {
  afterEach(() => sessionEnded());

  it('reads the expiring amounts again as of that message, so the wallet never lists more expiring than the balance holds', async () => {
    const reads: RecordedCall[] = [];
    const http = fakeFetch({
      'GET /api/rest/participants/7/points': (call) => {
        reads.push(call);
        return { status: 200, body: call.headers['x-wait-for-position'] ? after : before };
      },
    });
    globalThis.fetch = http.fetch as unknown as typeof fetch;
    sessionAuthenticated({ user, impersonated: false });
    for (let i = 0; i < 50 && $points.getState() === null; i++) await new Promise((r) => setTimeout(r, 5));
    expect($points.getState()).toEqual(before);

    const done = new Promise((r) => fetchExpiringFx.finally.watch(r));
    livePointsReceived({ paxId: 7, balance: 100, pending: 0, position: '00000000000000000939-00000000000000000012' });
    // The balance follows at once; the expiring list follows the read made as of the message's position.
    expect($points.getState()?.balance).toBe(100);
    await done;
    expect($points.getState()).toEqual(after);
    expect(reads.at(-1)?.headers['x-wait-for-position']).toBe('00000000000000000939-00000000000000000012');
  });

  it('reads nothing again after an award while no page shows the expiring list: the balance arrives over the live stream alone', async () => {
    const http = fakeFetch({ 'GET /api/rest/participants/7/points': { status: 200, body: before } });
    globalThis.fetch = http.fetch as unknown as typeof fetch;
    sessionAuthenticated({ user, impersonated: false });
    for (let i = 0; i < 50 && $points.getState() === null; i++) await new Promise((r) => setTimeout(r, 5));
    const reads = http.calls.length;
    livePointsReceived({ paxId: 7, balance: 1350, pending: 0, position: 'p-award' });
    await new Promise((r) => setTimeout(r, 20));
    expect(http.calls.length).toBe(reads);
    expect($points.getState()).toEqual({ ...before, balance: 1350 });
  });

  it('while the wallet shows the expiring list, reads it again after an award, whose lot may expire first', async () => {
    const soon = { amount: 250, expirationDate: '2026-04-01' };
    const afterAward = { balance: 1350, pending: 0, expiring: [soon, ...before.expiring] };
    const http = fakeFetch({
      'GET /api/rest/participants/7/points': (call) => ({ status: 200, body: call.headers['x-wait-for-position'] === 'p-award' ? afterAward : before }),
    });
    globalThis.fetch = http.fetch as unknown as typeof fetch;
    sessionAuthenticated({ user, impersonated: false });
    for (let i = 0; i < 50 && $points.getState() === null; i++) await new Promise((r) => setTimeout(r, 5));
    expiringListShown(true);
    const done = new Promise((r) => fetchExpiringFx.finally.watch(r));
    livePointsReceived({ paxId: 7, balance: 1350, pending: 0, position: 'p-award' });
    await done;
    expect($points.getState()).toEqual(afterAward);
    expiringListShown(false);
  });

  it('reads an award it missed once the wallet shows the list', async () => {
    const afterAward = { balance: 1350, pending: 0, expiring: [{ amount: 250, expirationDate: '2026-04-01' }, ...before.expiring] };
    const http = fakeFetch({
      'GET /api/rest/participants/7/points': (call) => ({ status: 200, body: call.headers['x-wait-for-position'] === 'p-missed' ? afterAward : before }),
    });
    globalThis.fetch = http.fetch as unknown as typeof fetch;
    sessionAuthenticated({ user, impersonated: false });
    for (let i = 0; i < 50 && $points.getState() === null; i++) await new Promise((r) => setTimeout(r, 5));
    livePointsReceived({ paxId: 7, balance: 1350, pending: 0, position: 'p-missed' });
    const done = new Promise((r) => fetchExpiringFx.finally.watch(r));
    expiringListShown(true);
    await done;
    expect($points.getState()?.expiring).toEqual(afterAward.expiring);
    expiringListShown(false);
  });

  it('keeps the newest read when an older one finishes last', async () => {
    const pending: ((body: unknown) => void)[] = [];
    globalThis.fetch = jest.fn(
      (url: string, init: RequestInit = {}) =>
        new Promise<Response>((resolve) => {
          const headers = (init.headers ?? {}) as Record<string, string>;
          const reply = (body: unknown) =>
            resolve({ status: 200, ok: true, headers: { get: () => 'application/json' }, text: async () => JSON.stringify(body) } as unknown as Response);
          if (!headers['x-wait-for-position']) reply(before);
          else pending.push(reply);
          void url;
        }),
    ) as unknown as typeof fetch;
    sessionAuthenticated({ user, impersonated: false });
    await new Promise((r) => setTimeout(r, 10));
    livePointsReceived({ paxId: 7, balance: 500, pending: 0, position: 'p1' });
    livePointsReceived({ paxId: 7, balance: 100, pending: 0, position: 'p2' });
    await new Promise((r) => setTimeout(r, 10));
    expect(pending).toHaveLength(2);
    pending[1](after);
    await new Promise((r) => setTimeout(r, 10));
    pending[0]({ ...before, expiring: [{ amount: 500, expirationDate: '2026-06-01' }] });
    await new Promise((r) => setTimeout(r, 10));
    expect($points.getState()?.expiring).toEqual(after.expiring);
  });
});

import { $adminAccess, adminAccessRequested } from '../../client/src/stores/admin-access';
import { sessionAuthenticated, sessionEnded } from '../../client/src/session/session-events';
import { fakeFetch, problem } from './support/fake-http';

const signIn = (paxId: number) =>
  sessionAuthenticated({ user: { authToken: 't', pax: { paxId, firstName: 'M', lastName: 'M' }, events: [] }, impersonated: false });
const settled = async () => {
  for (let i = 0; i < 50 && ['unknown', 'checking'].includes($adminAccess.getState()); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('the admin check', () => {
  afterEach(() => sessionEnded());

  it('never asks /api/access/admin for a member, whose 403 a browser logs as an error on every page', async () => {
    const http = fakeFetch({
      'GET /api/rest/participants/7': { status: 200, body: { paxId: 7, isAdmin: false } },
      'GET /api/access/admin': problem(403, 'Admins only', 'forbidden'),
    });
    globalThis.fetch = http.fetch as unknown as typeof fetch;
    signIn(7);
    await settled();
    expect($adminAccess.getState()).toBe('not-admin');
    expect(http.calls.map((c) => c.url)).not.toContain('/api/access/admin');
  });

  it('asks the server for an admin, and believes its answer', async () => {
    const http = fakeFetch({
      'GET /api/rest/participants/1': { status: 200, body: { paxId: 1, isAdmin: true } },
      'GET /api/access/admin': { status: 200, body: { admin: true } },
    });
    globalThis.fetch = http.fetch as unknown as typeof fetch;
    signIn(1);
    await settled();
    expect($adminAccess.getState()).toBe('admin');
    expect(http.calls.map((c) => c.url)).toContain('/api/access/admin');
  });

  it('checks an admin whose session started before this store loaded (an admin opening /admin-tools was sent home)', async () => {
    const http = fakeFetch({
      'GET /api/rest/participants/1': { status: 200, body: { paxId: 1, isAdmin: true } },
      'GET /api/access/admin': { status: 200, body: { admin: true } },
    });
    globalThis.fetch = http.fetch as unknown as typeof fetch;
    // No sign-in event reaches the store: the admin routes (and this store) load after the session was restored.
    adminAccessRequested(1);
    await settled();
    expect($adminAccess.getState()).toBe('admin');
  });
});

import { createActor, waitFor } from 'xstate';
import { createSessionMachine, type SessionDeps } from '../../client/src/session/session.machine';
import { channelHub } from './support/fake-channel';
import { problem } from './support/fake-http';
import { memberAnswer, sessionHarness, storeSession } from './support/session-harness';

const start = (deps: SessionDeps) => createActor(createSessionMachine(deps)).start();

const settled = (actor: ReturnType<typeof start>) =>
  waitFor(actor, (s) => s.matches({ authenticated: 'idle' }) || s.matches({ unauthenticated: 'idle' }), { timeout: 1000 });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('session machine', () => {
  describe('when it starts', () => {
    it('is loading first', () => {
      const { deps } = sessionHarness({});
      const actor = start(deps);
      expect(actor.getSnapshot().matches('loading')).toBe(true);
      actor.stop();
    });

    it('is signed out silently, without calling the server, when nothing is stored', async () => {
      const { deps, http } = sessionHarness({});
      const snapshot = await settled(start(deps));
      expect(snapshot.matches('unauthenticated')).toBe(true);
      expect(http.calls).toHaveLength(0);
      expect(deps.log.error).not.toHaveBeenCalled();
    });

    it('treats a user without a token as no session and clears what is left', async () => {
      localStorage.setItem('user', JSON.stringify(memberAnswer));
      const { deps, http } = sessionHarness({});
      const snapshot = await settled(start(deps));
      expect(snapshot.matches('unauthenticated')).toBe(true);
      expect(http.calls).toHaveLength(0);
      expect(localStorage.getItem('user')).toBeNull();
    });

    it('restores the stored session when keepalive answers 200, sending the auth-token header', async () => {
      storeSession();
      const { deps, http, lifecycle } = sessionHarness({ 'GET /api/rest/authenticate/keepalive': { status: 200 } });
      const snapshot = await settled(start(deps));
      expect(snapshot.matches('authenticated')).toBe(true);
      expect(snapshot.context.user?.pax).toEqual(memberAnswer.pax);
      expect(http.calls[0].headers['auth-token']).toBe('token-member');
      expect(lifecycle.authenticated).toHaveBeenCalledWith(expect.objectContaining({ pax: memberAnswer.pax }), false);
      expect(snapshot.context.justSignedInAt).toBeNull();
    });

    it.each([
      ['a 401', problem(401, 'Session expired')],
      ['a 204', { status: 204 }],
      ['a network error', new TypeError('Failed to fetch')],
    ])('clears the stored session silently on %s from keepalive', async (_, reply) => {
      storeSession();
      const { deps } = sessionHarness({ 'GET /api/rest/authenticate/keepalive': reply });
      const snapshot = await settled(start(deps));
      expect(snapshot.matches('unauthenticated')).toBe(true);
      expect(snapshot.context.user).toBeNull();
      expect(localStorage.getItem('user')).toBeNull();
      expect(localStorage.getItem('token')).toBeNull();
      expect(deps.navigate).not.toHaveBeenCalled();
    });
  });

  describe('when the member signs in', () => {
    it('stores token and user, clears the survey flag, marks just-signed-in and tells the other tabs', async () => {
      sessionStorage.setItem('surveyModalViewed', 'yes');
      const hub = channelHub();
      const channel = hub.open();
      const { deps, http, lifecycle } = sessionHarness(
        { 'POST /api/rest/authenticate/login': { status: 200, body: memberAnswer } },
        { channel, now: () => 42_000 },
      );
      const actor = start(deps);
      await settled(actor);
      actor.send({ type: 'SIGN_IN', username: 'member@example.com', password: 'Rewards-demo-1' });
      expect(actor.getSnapshot().matches({ unauthenticated: 'signingIn' })).toBe(true);
      const snapshot = await settled(actor);

      expect(snapshot.matches('authenticated')).toBe(true);
      expect(http.calls[0].body).toEqual({ username: 'member@example.com', password: 'Rewards-demo-1' });
      expect(http.calls[0].headers['auth-token']).toBeUndefined();
      expect(localStorage.getItem('token')).toBe('token-member');
      expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual({
        authToken: 'token-member',
        pax: memberAnswer.pax,
        events: memberAnswer.events,
      });
      expect(sessionStorage.getItem('surveyModalViewed')).toBeNull();
      expect(snapshot.context.justSignedInAt).toBe(42_000);
      expect(channel.posted).toEqual([{ type: 'signIn' }]);
      expect(lifecycle.authenticated).toHaveBeenCalledTimes(1);
    });

    it.each([
      [401, 'The e-mail address or password is incorrect.'],
      [429, 'Too many failed attempts, try again in 15 minutes.'],
    ])('shows the problem detail of a %s and stays signed out', async (status, detail) => {
      const { deps } = sessionHarness({ 'POST /api/rest/authenticate/login': problem(status, detail) });
      const actor = start(deps);
      await settled(actor);
      actor.send({ type: 'SIGN_IN', username: 'member@example.com', password: 'wrong' });
      const snapshot = await settled(actor);
      expect(snapshot.matches('unauthenticated')).toBe(true);
      expect(snapshot.context.signInError).toBe(detail);
      expect(localStorage.getItem('token')).toBeNull();
    });

    it('clears the error on the next attempt', async () => {
      let status = 401;
      const { deps } = sessionHarness({
        'POST /api/rest/authenticate/login': () => (status === 401 ? problem(401, 'Nope') : { status: 200, body: memberAnswer }),
      });
      const actor = start(deps);
      await settled(actor);
      actor.send({ type: 'SIGN_IN', username: 'a@b.c', password: 'x' });
      await settled(actor);
      status = 200;
      actor.send({ type: 'SIGN_IN', username: 'a@b.c', password: 'y' });
      expect(actor.getSnapshot().context.signInError).toBeNull();
      expect((await settled(actor)).matches('authenticated')).toBe(true);
    });
  });

  describe('when the member signs out', () => {
    const signedIn = async (routes: Parameters<typeof sessionHarness>[0] = {}) => {
      storeSession();
      localStorage.setItem('cart', '[{"feID":"1"}]');
      const hub = channelHub();
      const channel = hub.open();
      const harness = sessionHarness(
        { 'GET /api/rest/authenticate/keepalive': { status: 200 }, 'POST /api/rest/authenticate/logout': { status: 204 }, ...routes },
        { channel, now: () => 5_000 },
      );
      const actor = start(harness.deps);
      await settled(actor);
      return { ...harness, actor, channel };
    };

    it('calls logout with the token, clears user, token and cart, goes to /login and tells the other tabs', async () => {
      const { actor, http, deps, channel, lifecycle } = await signedIn();
      actor.send({ type: 'SIGN_OUT' });
      const snapshot = await settled(actor);
      expect(snapshot.matches('unauthenticated')).toBe(true);
      const logout = http.calls.find((c) => c.url === '/api/rest/authenticate/logout');
      expect(logout?.body).toEqual({ authToken: 'token-member' });
      expect(logout?.headers['auth-token']).toBe('token-member');
      expect(localStorage.getItem('user')).toBeNull();
      expect(localStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('cart')).toBeNull();
      expect(deps.navigate).toHaveBeenCalledWith('/login');
      expect(channel.posted).toEqual([{ type: 'signOut' }]);
      expect(lifecycle.ended).toHaveBeenCalledTimes(1);
      expect(snapshot.context.justSignedOutAt).toBe(5_000);
    });

    it('only logs a failing logout call and signs out anyway', async () => {
      const { actor, deps } = await signedIn({ 'POST /api/rest/authenticate/logout': new TypeError('offline') });
      actor.send({ type: 'SIGN_OUT' });
      const snapshot = await settled(actor);
      expect(snapshot.matches('unauthenticated')).toBe(true);
      expect(deps.log.error).toHaveBeenCalledWith('Sign-out call failed', expect.any(TypeError));
      expect(localStorage.getItem('token')).toBeNull();
    });

    it('can skip the server and the redirect', async () => {
      const { actor, http, deps } = await signedIn();
      actor.send({ type: 'SIGN_OUT', callServer: false, redirectTo: null });
      expect(actor.getSnapshot().matches('unauthenticated')).toBe(true);
      expect(http.calls.map((c) => c.url)).not.toContain('/api/rest/authenticate/logout');
      expect(deps.navigate).not.toHaveBeenCalled();
    });

    it('goes where it is asked to', async () => {
      const { actor, deps } = await signedIn();
      actor.send({ type: 'SIGN_OUT', redirectTo: '/landing' });
      await settled(actor);
      expect(deps.navigate).toHaveBeenCalledWith('/landing');
    });
  });

  describe('when another tab', () => {
    it('signs in, this tab re-checks the session with keepalive', async () => {
      const hub = channelHub();
      const here = sessionHarness({ 'GET /api/rest/authenticate/keepalive': { status: 200 } }, { channel: hub.open() });
      const there = sessionHarness({ 'POST /api/rest/authenticate/login': { status: 200, body: memberAnswer } }, { channel: hub.open() });
      const thisTab = start(here.deps);
      const otherTab = start(there.deps);
      await settled(thisTab);
      await settled(otherTab);

      otherTab.send({ type: 'SIGN_IN', username: 'member@example.com', password: 'Rewards-demo-1' });
      await waitFor(otherTab, (s) => s.matches('authenticated'));
      const snapshot = await waitFor(thisTab, (s) => s.matches({ authenticated: 'idle' }));

      expect(here.http.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/rest/authenticate/keepalive']);
      expect(snapshot.context.user?.pax.paxId).toBe(7);
      expect(snapshot.context.justSignedInAt).toBeNull();
    });

    it('signs out, this tab signs out locally without calling the server or broadcasting', async () => {
      storeSession();
      const hub = channelHub();
      const hereChannel = hub.open();
      const here = sessionHarness({ 'GET /api/rest/authenticate/keepalive': { status: 200 } }, { channel: hereChannel });
      const there = sessionHarness(
        { 'GET /api/rest/authenticate/keepalive': { status: 200 }, 'POST /api/rest/authenticate/logout': { status: 204 } },
        { channel: hub.open() },
      );
      const thisTab = start(here.deps);
      const otherTab = start(there.deps);
      await settled(thisTab);
      await settled(otherTab);

      otherTab.send({ type: 'SIGN_OUT' });
      const snapshot = await waitFor(thisTab, (s) => s.matches('unauthenticated'));

      expect(here.http.calls.map((c) => c.url)).toEqual(['/api/rest/authenticate/keepalive']);
      expect(there.http.calls.map((c) => c.url)).toContain('/api/rest/authenticate/logout');
      expect(hereChannel.posted).toEqual([]);
      expect(here.deps.navigate).toHaveBeenCalledWith('/login');
      expect(snapshot.context.user).toBeNull();
    });
  });

  describe('when a sign-out message arrives late', () => {
    it('signs this tab out without clearing a session another tab stored since', async () => {
      storeSession();
      const here = sessionHarness({ 'GET /api/rest/authenticate/keepalive': { status: 200 } });
      const thisTab = start(here.deps);
      await settled(thisTab);
      storeSession({ ...memberAnswer, authToken: 'token-third-tab' }); // a third tab signed in meanwhile
      thisTab.send({ type: 'REMOTE_SIGNED_OUT' });
      const snapshot = await waitFor(thisTab, (s) => s.matches('unauthenticated'));
      expect(snapshot.context.user).toBeNull();
      expect(localStorage.getItem('token')).toBe('token-third-tab');
    });
  });

  describe('when another tab signs in while this tab is checking', () => {
    it('leaves the new session alone when the broadcast arrives before the storage does, and adopts it once it does', async () => {
      const hub = channelHub();
      const here = sessionHarness({ 'GET /api/rest/authenticate/keepalive': { status: 200 } }, { channel: hub.open() });
      const there = sessionHarness({ 'POST /api/rest/authenticate/login': { status: 200, body: memberAnswer } }, { channel: hub.open() });
      // This tab's view of storage lags one read behind, as a second Chromium process's can.
      const realRead = here.deps.storage.read.bind(here.deps.storage);
      let reads = 0;
      here.deps.storage = { ...here.deps.storage, read: () => (reads++ === 1 ? null : realRead()) };
      const thisTab = start(here.deps);
      const otherTab = start(there.deps);
      await settled(thisTab);
      await settled(otherTab);

      otherTab.send({ type: 'SIGN_IN', username: 'member@example.com', password: 'Rewards-demo-1' });
      await waitFor(otherTab, (s) => s.matches({ authenticated: 'idle' }));
      await waitFor(thisTab, (s) => s.matches({ unauthenticated: 'idle' }) && reads === 2);
      expect(localStorage.getItem('token')).toBe('token-member');
      expect(localStorage.getItem('user')).not.toBeNull();

      thisTab.send({ type: 'REMOTE_SIGNED_IN' }); // the storage event that follows
      const snapshot = await waitFor(thisTab, (s) => s.matches({ authenticated: 'idle' }));
      expect(snapshot.context.user?.pax.paxId).toBe(7);
    });

    it('clears only the session keepalive refused, not one stored meanwhile', async () => {
      storeSession({ ...memberAnswer, authToken: 'token-old' });
      const { deps } = sessionHarness({
        'GET /api/rest/authenticate/keepalive': () => {
          storeSession(); // another tab signs in while the old token is being checked
          return problem(401, 'Session expired');
        },
      });
      const snapshot = await settled(start(deps));
      expect(snapshot.matches('unauthenticated')).toBe(true);
      expect(localStorage.getItem('token')).toBe('token-member');
    });
  });

  describe('when an event is removed from the session', () => {
    it('updates state and storage, or only state when asked to skip storage', async () => {
      storeSession();
      const { deps } = sessionHarness({ 'GET /api/rest/authenticate/keepalive': { status: 200 } });
      const actor = start(deps);
      await settled(actor);

      actor.send({ type: 'REMOVE_EVENT', code: 'MKT_LOGIN_CERT_SPRING' });
      expect(actor.getSnapshot().context.user?.events).toEqual([{ code: 'WELCOME' }]);
      expect(JSON.parse(localStorage.getItem('user') ?? '{}').events).toEqual([{ code: 'WELCOME' }]);

      actor.send({ type: 'REMOVE_EVENT', code: 'WELCOME', skipStorage: true });
      expect(actor.getSnapshot().context.user?.events).toEqual([]);
      expect(JSON.parse(localStorage.getItem('user') ?? '{}').events).toEqual([{ code: 'WELCOME' }]);
    });
  });

  describe('when an admin impersonates a member', () => {
    const adminAnswer = { authToken: 'token-admin', pax: { paxId: 1, firstName: 'Ada', lastName: 'Admin' }, events: [] };

    it('holds the impersonated flag and restores the admin on leaving, then goes home', async () => {
      const { deps, http } = sessionHarness({
        'POST /api/rest/authenticate/login': { status: 200, body: adminAnswer },
        'POST /api/rest/authenticate/endImpersonate': { status: 200, body: { authToken: 'token-admin-2' } },
        'POST /api/rest/authenticate/login?jwt=token-admin-2': { status: 200, body: { ...adminAnswer, authToken: 'token-admin-2' } },
      });
      const actor = start(deps);
      await settled(actor);
      actor.send({ type: 'SIGN_IN', username: 'admin@example.com', password: 'Rewards-demo-1' });
      await settled(actor);

      actor.send({ type: 'SESSION_RECEIVED', answer: { ...memberAnswer, authToken: 'token-as-member', impersonated: true } });
      expect(actor.getSnapshot().context.impersonated).toBe(true);
      expect(actor.getSnapshot().context.user?.pax.paxId).toBe(7);
      expect(localStorage.getItem('impersonated')).toBe('true');
      expect(localStorage.getItem('token')).toBe('token-as-member');

      actor.send({ type: 'LEAVE_IMPERSONATION' });
      const snapshot = await waitFor(actor, (s) => s.matches({ authenticated: 'idle' }) && !s.context.impersonated);
      expect(http.calls.find((c) => c.url === '/api/rest/authenticate/endImpersonate')?.headers['auth-token']).toBe('token-as-member');
      expect(snapshot.context.user?.pax.paxId).toBe(1);
      expect(localStorage.getItem('token')).toBe('token-admin-2');
      expect(localStorage.getItem('impersonated')).toBeNull();
      expect(deps.navigate).toHaveBeenCalledWith('/home');
    });

    // Issue 54, item 4: leaving went to the member's /home, not back to the admin tools the admin started from.
    it('goes back to the admin-tools page the impersonation started from, even after a reload', async () => {
      const { deps } = sessionHarness({
        'POST /api/rest/authenticate/login': { status: 200, body: adminAnswer },
        'POST /api/rest/authenticate/endImpersonate': { status: 200, body: { authToken: 'token-admin-2' } },
        'POST /api/rest/authenticate/login?jwt=token-admin-2': { status: 200, body: { ...adminAnswer, authToken: 'token-admin-2' } },
        'GET /api/rest/authenticate/keepalive': { status: 200 },
      });
      const first = start(deps);
      await settled(first);
      first.send({ type: 'SIGN_IN', username: 'admin@example.com', password: 'Rewards-demo-1' });
      await settled(first);
      const from = '/admin-tools/employee-search/member?paxId=7';
      first.send({ type: 'SESSION_RECEIVED', answer: { ...memberAnswer, authToken: 'token-as-member', impersonated: true }, returnTo: from });
      expect(localStorage.getItem('impersonatedFrom')).toBe(from);
      first.stop();

      const reloaded = start(deps);
      await settled(reloaded);
      reloaded.send({ type: 'LEAVE_IMPERSONATION' });
      await waitFor(reloaded, (s) => s.matches({ authenticated: 'idle' }) && !s.context.impersonated);
      expect(deps.navigate).toHaveBeenLastCalledWith(from);
      expect(localStorage.getItem('impersonatedFrom')).toBeNull();
    });

    it('goes home when what is stored is not an admin-tools page', async () => {
      const { deps } = sessionHarness({
        'POST /api/rest/authenticate/endImpersonate': { status: 200, body: { authToken: 'token-admin-2' } },
        'POST /api/rest/authenticate/login?jwt=token-admin-2': { status: 200, body: { ...adminAnswer, authToken: 'token-admin-2' } },
      });
      const actor = start(deps);
      await settled(actor);
      actor.send({
        type: 'SESSION_RECEIVED',
        answer: { ...memberAnswer, authToken: 'token-as-member', impersonated: true },
        returnTo: 'https://elsewhere.example/admin-tools',
      });
      expect(localStorage.getItem('impersonatedFrom')).toBeNull();
      actor.send({ type: 'LEAVE_IMPERSONATION' });
      await waitFor(actor, (s) => s.matches({ authenticated: 'idle' }) && !s.context.impersonated);
      expect(deps.navigate).toHaveBeenLastCalledWith('/home');
    });

    it('cannot leave an impersonation that is not happening', async () => {
      storeSession();
      const { deps } = sessionHarness({ 'GET /api/rest/authenticate/keepalive': { status: 200 } });
      const actor = start(deps);
      const snapshot = await settled(actor);
      expect(snapshot.can({ type: 'LEAVE_IMPERSONATION' })).toBe(false);
    });
  });
});

import { practiceOf } from './practice-session';
import { assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { SIGN_OUT_REDIRECT, SIGNED_IN_HOME } from '../config/session';
import { isApiError, problemMessage } from '../lib/problem';
import type { SessionApi } from './session-api';
import type { SessionChannel } from './session-channel';
import type { SessionStorage } from './session-storage';
import type { Credentials, LoginAnswer, Pax, SessionUser, StoredSession } from './types';

export interface SessionLifecycle {
  authenticated(user: SessionUser, impersonated: boolean): void;
  ended(): void;
}

export interface SessionDeps {
  api: SessionApi;
  storage: SessionStorage;
  channel: SessionChannel;
  navigate: (to: string) => void;
  now: () => number;
  lifecycle: SessionLifecycle;
  log: Pick<Console, 'error'>;
}

export interface SessionContext {
  user: SessionUser | null;
  impersonated: boolean;
  signInError: string | null;
  justSignedInAt: number | null;
  justSignedOutAt: number | null;
  /** Where to go once signed out; `null` stays put. */
  signOutRedirect: string | null;
  /** While impersonating: the admin-tools page the admin started from. */
  impersonationReturnTo: string | null;
  /** Where leaving the impersonation goes, taken when leaving begins (the admin's session replaces the member's). */
  leaveTo: string;
}

export type SessionEvent =
  | ({ type: 'SIGN_IN' } & Credentials)
  /** A session obtained elsewhere: enrollment, or an admin starting impersonation. */
  | { type: 'SESSION_RECEIVED'; answer: LoginAnswer; returnTo?: string }
  | { type: 'SIGN_OUT'; callServer?: boolean; redirectTo?: string | null }
  | { type: 'LEAVE_IMPERSONATION' }
  /** Something suggests the token died (e.g. the live stream was refused): ask the server again. */
  | { type: 'REVALIDATE' }
  | { type: 'REMOTE_SIGNED_IN' }
  | { type: 'REMOTE_SIGNED_OUT' }
  | { type: 'REMOVE_EVENT'; code: string; skipStorage?: boolean }
  | { type: 'PAX_UPDATED'; pax: Pax }
  | { type: 'JUST_SIGNED_IN_CHECKED' }
  | { type: 'JUST_SIGNED_OUT_CHECKED' }
  | { type: 'SIGN_IN_ERROR_DISMISSED' };

/** Only a page of this app's own admin tools is a place to go back to (storage could hold anything). */
const adminToolsPath = (path: string | undefined): string | undefined => (path !== undefined && /^\/admin-tools(?:[/?#]|$)/.test(path) ? path : undefined);

export const toStoredSession = (answer: LoginAnswer, returnTo?: string): StoredSession => ({
  // A practice's staff member keeps their practice with the session (practice-session.ts).
  user: {
    authToken: answer.authToken,
    pax: answer.practice ? { ...answer.pax, practice: answer.practice } : answer.pax,
    events: Array.isArray(answer.events) ? answer.events : [],
  },
  token: answer.authToken,
  impersonated: answer.impersonated === true,
  ...(answer.impersonated === true && adminToolsPath(returnTo) ? { returnTo } : {}),
});

const signInFallbacks: Record<number, string> = {
  400: 'Please enter your e-mail address and password.',
  401: 'The e-mail address or password is incorrect.',
  429: 'Too many attempts. Please wait a few minutes and try again.',
};

/** The server's own words for a refused sign-in, else a plain fallback; never a stack of HTTP jargon. */
const signInFailure = (error: unknown): string => {
  const generic = 'We could not sign you in. Please try again.';
  if (!isApiError(error)) return generic;
  const fallback = signInFallbacks[error.status] ?? generic;
  return error.problem && error.status in signInFallbacks ? problemMessage(error.problem, fallback) : fallback;
};

/** Why the stored session was not adopted; `seenToken` null when storage held no whole session. */
class StoredSessionUnusable extends Error {
  constructor(
    readonly seenToken: string | null,
    readonly afterRemoteSignIn: boolean,
  ) {
    super(seenToken ? 'Stored session is no longer valid' : 'No stored session');
  }
}

const signedIn = ['markJustSignedIn', 'broadcastSignedIn', 'announceAuthenticated'] as const;
const signedOut = ['forgetStoredSessionAndCart', 'clearUser', 'markJustSignedOut', 'announceEnded', 'navigateAfterSignOut'] as const;
// The tab that signed out has cleared storage already; clearing again here could erase a sign-in made since in a third
// tab, if this message is handled late.
const signedOutRemotely = signedOut.filter((action) => action !== 'forgetStoredSessionAndCart');

export const createSessionMachine = (deps: SessionDeps) =>
  setup({
    types: {
      context: {} as SessionContext,
      events: {} as SessionEvent,
    },
    actors: {
      checkStoredSession: fromPromise<StoredSession, { afterRemoteSignIn: boolean }>(async ({ input }) => {
        const stored = deps.storage.read();
        if (!stored) throw new StoredSessionUnusable(null, input.afterRemoteSignIn);
        const valid = await deps.api.keepalive(stored.token).catch(() => false);
        if (!valid) throw new StoredSessionUnusable(stored.token, input.afterRemoteSignIn);
        return stored;
      }),
      signIn: fromPromise<LoginAnswer, Credentials>(({ input }) => deps.api.login(input)),
      signOut: fromPromise<void, { token: string }>(({ input }) => deps.api.logout(input.token)),
      endImpersonation: fromPromise<LoginAnswer, { token: string }>(({ input }) => deps.api.endImpersonation(input.token)),
      channelListener: fromCallback(({ sendBack }) =>
        deps.channel.subscribe((message) => sendBack({ type: message.type === 'signIn' ? 'REMOTE_SIGNED_IN' : 'REMOTE_SIGNED_OUT' })),
      ),
    },
    guards: {
      shouldCallServer: ({ event }) => event.type === 'SIGN_OUT' && event.callServer !== false,
      isImpersonating: ({ context }) => context.impersonated,
      isCurrentPax: ({ context }, params: { paxId: number }) => context.user?.pax.paxId === params.paxId,
    },
    actions: {
      adoptSession: assign((_, session: StoredSession) => ({
        user: session.user,
        impersonated: session.impersonated,
        impersonationReturnTo: (session.impersonated && adminToolsPath(session.returnTo)) || null,
        signInError: null,
      })),
      persistSession: (_, session: StoredSession) => {
        deps.storage.write(session);
        deps.storage.clearSurveyModalViewed();
      },
      markJustSignedIn: assign({ justSignedInAt: () => deps.now() }),
      broadcastSignedIn: () => deps.channel.post({ type: 'signIn' }),
      announceAuthenticated: ({ context }) => {
        // The member side's stores load for members and admins only: a practice's staff has no points, wallet or tiles.
        if (context.user && !practiceOf(context.user.pax)) deps.lifecycle.authenticated(context.user, context.impersonated);
      },
      forgetUnusableSession: (_, params: { error: unknown }) => {
        const { error } = params;
        if (!(error instanceof StoredSessionUnusable)) deps.storage.clear();
        else if (error.seenToken) deps.storage.clearIfToken(error.seenToken);
        // Nothing (or half a session) seen: at start-up the remnants go, as the spec says. After another tab's sign-in
        // it means that tab's writes have not reached this one yet (Chromium syncs storage between processes after the
        // broadcast can arrive); clearing then erased the new session in every tab. Its storage event comes next.
        else if (!error.afterRemoteSignIn) deps.storage.clear();
      },
      forgetStoredSessionAndCart: () => {
        deps.storage.clear();
        deps.storage.clearCart();
      },
      clearUser: assign({ user: null, impersonated: false, impersonationReturnTo: null }),
      markJustSignedOut: assign({ justSignedOutAt: () => deps.now() }),
      announceEnded: () => deps.lifecycle.ended(),
      rememberSignOutRedirect: assign({
        signOutRedirect: (_, params: { redirectTo: string | null | undefined }) => (params.redirectTo === undefined ? SIGN_OUT_REDIRECT : params.redirectTo),
      }),
      navigateAfterSignOut: ({ context }) => {
        if (context.signOutRedirect !== null) deps.navigate(context.signOutRedirect);
      },
      broadcastSignedOut: () => deps.channel.post({ type: 'signOut' }),
      rememberLeaveTarget: assign({ leaveTo: ({ context }) => context.impersonationReturnTo ?? SIGNED_IN_HOME }),
      navigateAfterLeaving: ({ context }) => deps.navigate(context.leaveTo),
      recordSignInError: assign({ signInError: (_, params: { error: unknown }) => signInFailure(params.error) }),
      clearSignInError: assign({ signInError: null }),
      logError: (_, params: { message: string; error: unknown }) => deps.log.error(params.message, params.error),
      removeEvent: assign({
        user: ({ context }, params: { code: string }) => context.user && { ...context.user, events: context.user.events.filter((e) => e.code !== params.code) },
      }),
      updatePax: assign({
        user: ({ context }, params: { pax: Pax }) => context.user && { ...context.user, pax: { ...context.user.pax, ...params.pax } },
      }),
      persistUser: ({ context }, params: { skip?: boolean }) => {
        if (context.user && !params.skip) deps.storage.writeUser(context.user);
      },
      consumeJustSignedIn: assign({ justSignedInAt: null }),
      consumeJustSignedOut: assign({ justSignedOutAt: null }),
    },
  }).createMachine({
    id: 'session',
    context: {
      user: null,
      impersonated: false,
      signInError: null,
      justSignedInAt: null,
      justSignedOutAt: null,
      signOutRedirect: SIGN_OUT_REDIRECT,
      impersonationReturnTo: null,
      leaveTo: SIGNED_IN_HOME,
    },
    invoke: { src: 'channelListener' },
    on: {
      JUST_SIGNED_IN_CHECKED: { actions: 'consumeJustSignedIn' },
      JUST_SIGNED_OUT_CHECKED: { actions: 'consumeJustSignedOut' },
    },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          src: 'checkStoredSession',
          input: ({ event }) => ({ afterRemoteSignIn: event.type === 'REMOTE_SIGNED_IN' }),
          onDone: {
            target: 'authenticated',
            actions: [{ type: 'adoptSession', params: ({ event }) => event.output }, 'announceAuthenticated'],
          },
          onError: {
            target: 'unauthenticated',
            actions: [{ type: 'forgetUnusableSession', params: ({ event }) => ({ error: event.error }) }, 'clearUser'],
          },
        },
        on: { REMOTE_SIGNED_IN: { target: 'loading', reenter: true } },
      },
      unauthenticated: {
        initial: 'idle',
        on: { REMOTE_SIGNED_IN: '#session.loading' },
        states: {
          idle: {
            on: {
              SIGN_IN: 'signingIn',
              SESSION_RECEIVED: {
                target: '#session.authenticated',
                actions: [
                  { type: 'persistSession', params: ({ event }) => toStoredSession(event.answer, event.returnTo) },
                  { type: 'adoptSession', params: ({ event }) => toStoredSession(event.answer, event.returnTo) },
                  ...signedIn,
                ],
              },
              SIGN_IN_ERROR_DISMISSED: { actions: 'clearSignInError' },
            },
          },
          signingIn: {
            entry: 'clearSignInError',
            invoke: {
              src: 'signIn',
              input: ({ event }) => {
                if (event.type !== 'SIGN_IN') throw new Error(`signingIn entered by ${event.type}`);
                return { username: event.username, password: event.password, ...(event.campaignId ? { campaignId: event.campaignId } : {}) };
              },
              onDone: {
                target: '#session.authenticated',
                actions: [
                  { type: 'persistSession', params: ({ event }) => toStoredSession(event.output) },
                  { type: 'adoptSession', params: ({ event }) => toStoredSession(event.output) },
                  ...signedIn,
                ],
              },
              onError: { target: 'idle', actions: { type: 'recordSignInError', params: ({ event }) => ({ error: event.error }) } },
            },
          },
        },
      },
      authenticated: {
        initial: 'idle',
        on: {
          REMOVE_EVENT: {
            actions: [
              { type: 'removeEvent', params: ({ event }) => ({ code: event.code }) },
              { type: 'persistUser', params: ({ event }) => ({ skip: event.skipStorage }) },
            ],
          },
          PAX_UPDATED: {
            guard: { type: 'isCurrentPax', params: ({ event }) => ({ paxId: event.pax.paxId }) },
            actions: [
              { type: 'updatePax', params: ({ event }) => ({ pax: event.pax }) },
              { type: 'persistUser', params: {} },
            ],
          },
          REMOTE_SIGNED_OUT: {
            target: 'unauthenticated',
            actions: [{ type: 'rememberSignOutRedirect', params: { redirectTo: undefined } }, ...signedOutRemotely],
          },
        },
        states: {
          idle: {
            on: {
              SIGN_OUT: [
                {
                  guard: 'shouldCallServer',
                  target: 'signingOut',
                  actions: { type: 'rememberSignOutRedirect', params: ({ event }) => ({ redirectTo: event.redirectTo }) },
                },
                {
                  target: '#session.unauthenticated',
                  actions: [{ type: 'rememberSignOutRedirect', params: ({ event }) => ({ redirectTo: event.redirectTo }) }, ...signedOut, 'broadcastSignedOut'],
                },
              ],
              SESSION_RECEIVED: {
                target: '#session.authenticated',
                reenter: true,
                actions: [
                  { type: 'persistSession', params: ({ event }) => toStoredSession(event.answer, event.returnTo) },
                  { type: 'adoptSession', params: ({ event }) => toStoredSession(event.answer, event.returnTo) },
                  ...signedIn,
                ],
              },
              LEAVE_IMPERSONATION: { guard: 'isImpersonating', target: 'leavingImpersonation' },
              REMOTE_SIGNED_IN: '#session.loading',
              REVALIDATE: '#session.loading',
            },
          },
          signingOut: {
            invoke: {
              src: 'signOut',
              input: ({ context }) => ({ token: context.user?.authToken ?? '' }),
              onDone: { target: '#session.unauthenticated', actions: [...signedOut, 'broadcastSignedOut'] },
              onError: {
                target: '#session.unauthenticated',
                actions: [
                  { type: 'logError', params: ({ event }) => ({ message: 'Sign-out call failed', error: event.error }) },
                  ...signedOut,
                  'broadcastSignedOut',
                ],
              },
            },
          },
          leavingImpersonation: {
            entry: 'rememberLeaveTarget',
            invoke: {
              src: 'endImpersonation',
              input: ({ context }) => ({ token: context.user?.authToken ?? '' }),
              onDone: {
                target: 'idle',
                actions: [
                  { type: 'persistSession', params: ({ event }) => toStoredSession(event.output) },
                  { type: 'adoptSession', params: ({ event }) => toStoredSession(event.output) },
                  ...signedIn,
                  'navigateAfterLeaving',
                ],
              },
              onError: {
                target: 'idle',
                actions: { type: 'logError', params: ({ event }) => ({ message: 'Leaving impersonation failed', error: event.error }) },
              },
            },
          },
        },
      },
    },
  });

export type SessionMachine = ReturnType<typeof createSessionMachine>;
export type SessionActorRef = ActorRefFrom<SessionMachine>;
export type SessionSnapshot = SnapshotFrom<SessionMachine>;

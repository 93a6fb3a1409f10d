import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { browserSessionDeps } from './browser-session-deps';
import { consumeMark } from './just-signed';
import { createSessionMachine, type SessionActorRef, type SessionDeps, type SessionSnapshot } from './session.machine';
import type { Pax, SessionEvent as LoginEvent, LoginAnswer } from './types';

interface SessionHandle {
  actor: SessionActorRef;
  now: () => number;
}

const SessionActorContext = createContext<SessionHandle | null>(null);

export function SessionProvider({ deps, children }: { deps?: SessionDeps; children: ReactNode }) {
  const [resolved] = useState(() => deps ?? browserSessionDeps());
  const machine = useMemo(() => createSessionMachine(resolved), [resolved]);
  const actor = useActorRef(machine);
  const handle = useMemo(() => ({ actor, now: resolved.now }), [actor, resolved]);
  return <SessionActorContext.Provider value={handle}>{children}</SessionActorContext.Provider>;
}

const useSessionHandle = (): SessionHandle => {
  const handle = useContext(SessionActorContext);
  if (!handle) throw new Error('useSession must be used inside <SessionProvider>');
  return handle;
};

export const useSessionActor = (): SessionActorRef => useSessionHandle().actor;

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

const statusOf = (snapshot: SessionSnapshot): SessionStatus =>
  snapshot.matches('loading') ? 'loading' : snapshot.matches('authenticated') ? 'authenticated' : 'unauthenticated';

export interface SessionView {
  status: SessionStatus;
  pax: Pax | null;
  token: string | null;
  events: LoginEvent[];
  impersonated: boolean;
  signingIn: boolean;
  signingOut: boolean;
  signInError: string | null;
}

const viewOf = (snapshot: SessionSnapshot): SessionView => ({
  status: statusOf(snapshot),
  pax: snapshot.context.user?.pax ?? null,
  token: snapshot.context.user?.authToken ?? null,
  events: snapshot.context.user?.events ?? [],
  impersonated: snapshot.context.impersonated,
  signingIn: snapshot.matches({ unauthenticated: 'signingIn' }),
  signingOut: snapshot.matches({ authenticated: 'signingOut' }),
  signInError: snapshot.context.signInError,
});

const sameView = (a: SessionView, b: SessionView) =>
  a.status === b.status &&
  a.pax === b.pax &&
  a.token === b.token &&
  a.events === b.events &&
  a.impersonated === b.impersonated &&
  a.signingIn === b.signingIn &&
  a.signingOut === b.signingOut &&
  a.signInError === b.signInError;

export function useSession() {
  const { actor, now } = useSessionHandle();
  const view = useSelector(actor, viewOf, sameView);
  const commands = useMemo(
    () => ({
      signIn: (username: string, password: string, campaignId?: number) => actor.send({ type: 'SIGN_IN', username, password, campaignId }),
      /** `returnTo`: for an impersonation, the admin-tools page that leaving it goes back to. */
      sessionReceived: (answer: LoginAnswer, returnTo?: string) => actor.send({ type: 'SESSION_RECEIVED', answer, ...(returnTo ? { returnTo } : {}) }),
      signOut: (options: { callServer?: boolean; redirectTo?: string | null } = {}) => actor.send({ type: 'SIGN_OUT', ...options }),
      leaveImpersonation: () => actor.send({ type: 'LEAVE_IMPERSONATION' }),
      revalidate: () => actor.send({ type: 'REVALIDATE' }),
      removeEvent: (code: string, options: { skipStorage?: boolean } = {}) => actor.send({ type: 'REMOVE_EVENT', code, ...options }),
      dismissSignInError: () => actor.send({ type: 'SIGN_IN_ERROR_DISMISSED' }),
      /** True once, within 60 s of signing in. */
      checkJustSignedIn: () => {
        const { value } = consumeMark(actor.getSnapshot().context.justSignedInAt, now());
        actor.send({ type: 'JUST_SIGNED_IN_CHECKED' });
        return value;
      },
      /** True once, within 60 s of signing out. */
      checkJustSignedOut: () => {
        const { value } = consumeMark(actor.getSnapshot().context.justSignedOutAt, now());
        actor.send({ type: 'JUST_SIGNED_OUT_CHECKED' });
        return value;
      },
    }),
    [actor, now],
  );
  return { ...view, ...commands };
}

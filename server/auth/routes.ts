import type { AdminAccessAnswer } from '../../event-schemas/contract/programme-info';
import { correlationId } from '../operations/request-context';
import { ensureWelcomeCertificate } from '../certificates/welcome-certificate';
import * as t from 'io-ts';
import type { Credentials, ImpersonateBody, LoginAnswer, SessionEvent, SessionToken } from '../../event-schemas/contract/session';
import type { AcceptedBody } from '../../event-schemas/contract/wire-checks';
import { ImpersonationEnded, ImpersonationStarted, memberStream } from '../../event-schemas';
import { NonEmptyString, PaxId, PositiveInteger } from '../../event-schemas/primitives';
import { offerClaimEvents } from '../campaigns/claim-offer';
import { recordFacts } from '../core/command-handler';
import { decodeOrThrow } from '../core/decode';
import { forbidden, notFound, Problem, unauthorized, validationProblem } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import type { SignedIn } from './caller';
import { clearAccountFailures, recordAttempt } from './login-throttle';
import { remindUnconfirmedAddress } from './welcome-mail';
import { verifyPassword } from './passwords';
import { callerForToken, createSession, paxOf, revokeSession, type SessionPax } from './sessions';
import { memberErased, recordAccess } from '../privacy/access-log';
import { signInPracticeStaff } from '../practices/staff-sign-in';
import { revokePracticeSession } from '../practices/practice-sessions';

const PaxOut = t.type({ paxId: t.number, firstName: t.string, lastName: t.string });
const LoginAnswer = t.intersection([
  t.type({ authToken: t.string, pax: PaxOut, events: t.array(t.unknown) }),
  t.partial({ impersonated: t.boolean, practice: t.type({ practiceId: t.number, name: t.string, role: t.string }) }),
]);
const LoginBody = t.type({ username: NonEmptyString, password: NonEmptyString });
/** The session machine sends the contract's credentials; the login codec accepts them. */
const LoginOrRestoreBody = t.partial({ username: t.string, password: t.string, campaignId: PositiveInteger });
export type CredentialsAccepted = AcceptedBody<typeof LoginOrRestoreBody, Credentials>;
const ImpersonateCodec = t.type({ paxId: PaxId });
export type ImpersonateAccepted = AcceptedBody<typeof ImpersonateCodec, ImpersonateBody>;

export const loginAnswer = (authToken: string, pax: SessionPax, impersonated = false, events: SessionEvent[] = []): LoginAnswer => ({
  authToken,
  pax,
  events,
  ...(impersonated ? { impersonated: true } : {}),
});

const signedIn = (c: { kind: string }): c is SignedIn => c.kind === 'participant';

export const authRoutes = (deps: Deps) => [
  route({
    method: 'post',
    path: '/authenticate/login',
    tag: 'Session',
    summary: 'Sign in with username and password, or restore the session named by ?jwt= (after impersonation)',
    access: 'public',
    query: t.partial({ jwt: t.string }),
    // campaignId: the direct-response campaign of the marketing link the member came through (its utm_id).
    body: LoginOrRestoreBody,
    responses: {
      200: { description: 'Signed in', schema: LoginAnswer },
      400: { description: 'Missing fields' },
      401: { description: 'Wrong credentials' },
      429: { description: 'Too many failures' },
    },
    handler: async ({ query, body, req }) => {
      if (query.jwt !== undefined) {
        const caller = await callerForToken(deps.pool, query.jwt);
        if (!signedIn(caller)) throw unauthorized('That session is not valid');
        return {
          status: 200,
          body: loginAnswer(query.jwt, { paxId: caller.paxId, firstName: caller.firstName, lastName: caller.lastName }, caller.impersonatorId !== null),
        };
      }
      const { username, password } = decodeOrThrow(LoginBody, req.body ?? {}, 'body');
      const address = req.ip ?? 'unknown';
      const attempt = await recordAttempt(deps.pool, username, address);
      const r = await deps.pool.query<{ pax_id: string; password_hash: string }>(
        'SELECT pax_id, password_hash FROM participants WHERE lower(username) = lower($1)',
        [username.trim()],
      );
      const row = r.rows[0];
      // Not a participant: perhaps a practice's staff member (their accounts are apart from members').
      if (!row) {
        const staff = await signInPracticeStaff(deps, username, password);
        if (!staff) throw unauthorized('The e-mail or password is not right');
        await attempt.withdraw();
        await clearAccountFailures(deps.pool, username);
        return { status: 200, body: staff };
      }
      const ok = await verifyPassword(password, row.password_hash);
      // A failure stays recorded; a success withdraws its attempt and forgives the account.
      if (!ok) throw unauthorized('The e-mail or password is not right');
      await attempt.withdraw();
      await clearAccountFailures(deps.pool, username);
      const paxId = Number(row.pax_id);
      const token = await createSession(deps.pool, paxId);
      // A welcome certificate a crash kept from being issued at enrollment is issued now (never twice).
      await ensureWelcomeCertificate(deps, paxId, { kind: 'participant', paxId });
      await remindUnconfirmedAddress(deps, paxId);
      const events = await offerClaimEvents(deps, body.campaignId, paxId);
      return { status: 200, body: loginAnswer(token, (await paxOf(deps.pool, paxId))!, false, events) };
    },
  }),
  route({
    method: 'get',
    path: '/authenticate/keepalive',
    tag: 'Session',
    summary: "Answers 200 while the session in auth-token is valid (a member's, an admin's or a practice staff member's)",
    access: 'public',
    responses: { 200: { description: 'Valid', schema: t.type({ valid: t.boolean }) }, 401: { description: 'Not valid' } },
    handler: async ({ caller }) => {
      if (caller.kind !== 'participant' && !(caller.kind === 'practice' && caller.staff)) throw unauthorized();
      return { status: 200, body: { valid: true } };
    },
  }),
  route({
    method: 'post',
    path: '/authenticate/logout',
    tag: 'Session',
    summary: 'Ends the session; its token stops working at once',
    access: 'public',
    body: t.type({ authToken: t.string }),
    responses: { 204: { description: 'Signed out (also for an unknown token)' } },
    handler: async ({ body, caller }) => {
      const target = await callerForToken(deps.pool, body.authToken);
      if (signedIn(target)) await revokeSession(deps.pool, target.tokenHash);
      else if (target.kind === 'practice' && target.staff) await revokePracticeSession(deps.pool, target.staff.tokenHash);
      else if (signedIn(caller)) await revokeSession(deps.pool, caller.tokenHash);
      return { status: 204 };
    },
  }),
  route({
    method: 'post',
    path: '/authenticate/impersonate',
    tag: 'Session',
    summary: 'An admin starts acting as a participant (audited on the member stream)',
    access: 'admin',
    body: ImpersonateCodec,
    responses: {
      200: { description: 'The impersonation session', schema: LoginAnswer },
      404: { description: 'No such participant' },
      403: { description: 'Not an admin' },
      410: { description: 'The participant was erased' },
    },
    handler: async ({ body, caller }) => {
      const admin = caller as SignedIn;
      const pax = await paxOf(deps.pool, body.paxId);
      if (!pax) throw notFound(`Participant ${body.paxId}`);
      const erased = await deps.pool.query<{ erased_at: Date | null }>('SELECT erased_at FROM participants WHERE pax_id = $1', [pax.paxId]);
      if (erased.rows[0]?.erased_at) throw memberErased(pax.paxId, erased.rows[0].erased_at);
      if (pax.paxId === admin.paxId) throw validationProblem([{ path: 'body.paxId', message: 'must be another participant' }]);
      // Recorded before the session exists: an impersonation that starts is always in the member's access log.
      await recordAccess(deps.pool, { caller, paxId: pax.paxId, action: 'impersonation-start', at: deps.now() });
      const token = await createSession(deps.pool, pax.paxId, { adminPaxId: admin.paxId, adminTokenHash: admin.tokenHash });
      await recordFacts(deps.store, memberStream(pax.paxId), [ImpersonationStarted.of({ paxId: pax.paxId, adminId: admin.paxId })], {
        actor: { kind: 'admin', adminId: admin.paxId },
        correlationId: correlationId(),
        now: deps.now(),
      });
      return { status: 200, body: loginAnswer(token, pax, true) };
    },
  }),
  route({
    method: 'post',
    path: '/authenticate/endImpersonate',
    tag: 'Session',
    summary: "Ends an impersonation and answers a token for the admin's own session",
    access: 'signed-in',
    responses: { 200: { description: "The admin's session token", schema: t.type({ authToken: t.string }) }, 409: { description: 'Not impersonating' } },
    handler: async ({ caller }) => {
      const session = caller as SignedIn;
      if (session.impersonatorId === null) throw new Problem('invalid-state', 'This session is not an impersonation');
      const r = await deps.pool.query<{ admin_token_hash: Buffer | null }>('SELECT admin_token_hash FROM sessions WHERE token_hash = $1', [session.tokenHash]);
      await revokeSession(deps.pool, session.tokenHash);
      // Only token hashes are stored, so the admin gets a fresh session and the one handed over is retired.
      const previous = r.rows[0]?.admin_token_hash;
      if (previous) await revokeSession(deps.pool, previous);
      const token = await createSession(deps.pool, session.impersonatorId);
      await recordFacts(deps.store, memberStream(session.paxId), [ImpersonationEnded.of({ paxId: session.paxId, adminId: session.impersonatorId })], {
        actor: { kind: 'admin', adminId: session.impersonatorId },
        correlationId: correlationId(),
        now: deps.now(),
      });
      return { status: 200, body: { authToken: token } satisfies SessionToken };
    },
  }),
  route(
    {
      method: 'get',
      path: '/access/admin',
      tag: 'Session',
      summary: 'Whether the caller is an admin (not while impersonating)',
      access: 'admin',
      responses: {
        200: { description: 'An admin', schema: t.type({ admin: t.boolean }) },
        401: { description: 'Anonymous' },
        403: { description: 'Not an admin' },
      },
      handler: async () => ({ status: 200, body: { admin: true } satisfies AdminAccessAnswer }),
    },
    '/api',
  ),
];

export const assertSignedIn = (c: { kind: string }): SignedIn => {
  if (!signedIn(c)) throw forbidden();
  return c;
};

import * as t from 'io-ts';
import { US_PHONE, US_PHONE_RULE, US_ZIP_IN_USE_RULE, isUsPhone, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../event-schemas/contract/rules';
import { boundedString, NonEmptyString, refined } from '../../event-schemas/primitives';
import { actorOf, type Caller } from '../auth/caller';
import { Name, UsPostalCode } from '../auth/enrollment-routes';
import { hashPassword, isStrongPassword, passwordRule } from '../auth/passwords';
import { announceRevoked } from '../auth/sessions';
import { hashToken, newToken } from '../auth/tokens';
import { portalLink } from '../config';
import { Email, IntFromString } from '../core/http-codecs';
import { notFound, Problem, validationProblem } from '../core/problem';
import { route } from '../core/route';
import { usZipPlace } from '../postal-codes/us-zip-places';
import { BRANDS } from '../products/product-repository';
import { auditConfigChange, inTransaction } from '../db/config-audit';
import type { Deps } from '../deps';
import { enqueue } from '../mail/outbox';
import { revokePracticeUserSessions } from './practice-sessions';
import { signInPracticeStaff } from './staff-sign-in';
import type pg from 'pg';

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

const Role = refined(t.string, 'Role', 'must be PRACTICE_ADMIN or FRONT_DESK', (s) => s === 'PRACTICE_ADMIN' || s === 'FRONT_DESK', {
  enum: ['PRACTICE_ADMIN', 'FRONT_DESK'],
});
const Phone = refined(t.string, 'Phone', US_PHONE_RULE, isUsPhone, { pattern: US_PHONE.source });
const State = refined(t.string, 'State', 'must be a US state as two letters (CA)', (s) => /^[A-Za-z]{2}$/.test(s.trim()), { pattern: '^[A-Za-z]{2}$' });
const Password = refined(t.string, 'Password', passwordRule, isStrongPassword, { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
const UserId = IntFromString('UserId', 'must be a staff user id (a whole number above 0)', (n) => n > 0);

const CreatePracticeBody = t.type({
  name: t.intersection([NonEmptyString, boundedString(120)]),
  address1: t.intersection([NonEmptyString, boundedString(120)]),
  city: t.intersection([NonEmptyString, boundedString(80)]),
  state: State,
  postalCode: UsPostalCode,
  phone: Phone,
  adminEmail: Email,
  adminFirstName: Name,
  adminLastName: Name,
});
const InviteBody = t.type({ email: Email, firstName: Name, lastName: Name, role: Role });
const StaffMember = t.type({ userId: t.number, email: t.string, firstName: t.string, lastName: t.string, role: t.string, status: t.string });

const staffOf = (caller: Caller) => {
  if (caller.kind !== 'practice' || !caller.staff) throw new Error('a staff route was reached without a staff caller');
  return { practiceId: caller.practiceId, ...caller.staff };
};

/** A new staff account, INVITED, and its invitation e-mail through the outbox; 409 when the address already signs in. */
async function invite(
  db: pg.PoolClient,
  deps: Deps,
  practice: { practiceId: number; name: string },
  person: { email: string; firstName: string; lastName: string; role: string },
): Promise<number> {
  const email = person.email.trim();
  const taken = await db.query(
    `SELECT 1 FROM practice_users WHERE lower(email) = lower($1) AND status <> 'REMOVED' UNION ALL SELECT 1 FROM participants WHERE lower(username) = lower($1)`,
    [email],
  );
  if (taken.rowCount)
    throw new Problem('conflict', 'This e-mail address already signs in to the programme; invite another address', [
      { path: 'body.email', message: 'is already a user' },
    ]);
  const r = await db.query<{ user_id: string }>(
    `INSERT INTO practice_users (practice_id, email, first_name, last_name, role) VALUES ($1, $2, $3, $4, $5) RETURNING user_id`,
    [practice.practiceId, email, person.firstName.trim(), person.lastName.trim(), person.role],
  );
  const userId = Number(r.rows[0].user_id);
  const token = newToken();
  await db.query(`INSERT INTO practice_invitations (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`, [
    hashToken(token),
    userId,
    INVITATION_DAYS,
  ]);
  const link = portalLink(deps.settings, `/practice/accept?token=${token}`);
  await enqueue(db, {
    channel: 'email',
    recipient: email,
    subject: `You are invited to the rewards programme's practice screens for ${practice.name}`,
    body: `Hello ${person.firstName.trim()},\n\nYou are invited to look up patients, apply their certificates and record treatments for ${practice.name}. Choose your password within ${INVITATION_DAYS} days: ${link}`,
  });
  return userId;
}

/** Practices and their staff: the admin creates a practice with its first administrator; that administrator runs its staff. */
export const practiceStaffRoutes = (deps: Deps) => [
  route({
    method: 'post',
    path: '/admin/practices',
    tag: 'Admin',
    summary: 'Create a practice and invite its first practice administrator by e-mail',
    access: 'admin',
    body: CreatePracticeBody,
    responses: {
      201: { description: 'Created; the invitation is in the outbox', schema: t.type({ practiceId: t.number, name: t.string }) },
      409: { description: 'adminEmail already signs in to the programme' },
    },
    handler: async ({ body, caller }) => {
      // Placed on the map from its ZIP, as a member's search is: a ZIP no US address has is refused by its field.
      const place = await usZipPlace(body.postalCode);
      if (!place) throw validationProblem([{ path: 'body.postalCode', message: US_ZIP_IN_USE_RULE }]);
      const practice = await inTransaction(deps.pool, async (db) => {
        const phone = body.phone.replace(/\D/g, '');
        const r = await db.query<{ practice_id: string }>(
          `INSERT INTO practices (name, address, city, state, postal_code, phone, latitude, longitude) VALUES ($1, $2, $3, upper($4), $5, $6, $7, $8) RETURNING practice_id`,
          [body.name.trim(), body.address1.trim(), body.city.trim(), body.state.trim(), body.postalCode.trim(), phone, place.latitude, place.longitude],
        );
        const created = { practiceId: Number(r.rows[0].practice_id), name: body.name.trim() };
        // Listed in Find a Specialist at once, with the company's brands (each practice of the programme carries them).
        await db.query(
          `INSERT INTO specialist_practices (practice_id, name, address, postal_code, phone, latitude, longitude, brands) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            created.practiceId,
            created.name,
            `${body.address1.trim()}, ${body.city.trim()}, ${body.state.trim().toUpperCase()}`,
            body.postalCode.trim().slice(0, 5),
            phone,
            place.latitude,
            place.longitude,
            Object.keys(BRANDS),
          ],
        );
        const userId = await invite(db, deps, created, {
          email: body.adminEmail,
          firstName: body.adminFirstName,
          lastName: body.adminLastName,
          role: 'PRACTICE_ADMIN',
        });
        await auditConfigChange(db, {
          entity: 'practice',
          entityId: created.practiceId,
          action: 'create',
          actor: actorOf(caller),
          before: null,
          after: { name: created.name, city: body.city.trim(), state: body.state.trim().toUpperCase(), firstAdminUserId: userId },
        });
        return created;
      });
      return { status: 201, body: practice };
    },
  }),
  route({
    method: 'get',
    path: '/practice/staff',
    tag: 'Practices',
    summary: "The practice's staff and invitations",
    access: 'practice-admin',
    responses: { 200: { description: 'Staff, oldest first', schema: t.array(StaffMember) } },
    handler: async ({ caller }) => {
      const r = await deps.pool.query<{ user_id: string; email: string; first_name: string; last_name: string; role: string; status: string }>(
        'SELECT user_id, email, first_name, last_name, role, status FROM practice_users WHERE practice_id = $1 ORDER BY user_id',
        [staffOf(caller).practiceId],
      );
      return {
        status: 200,
        body: r.rows.map((u) => ({
          userId: Number(u.user_id),
          email: u.email,
          firstName: u.first_name,
          lastName: u.last_name,
          role: u.role,
          status: u.status,
        })),
      };
    },
  }),
  route({
    method: 'post',
    path: '/practice/staff',
    tag: 'Practices',
    summary: 'Invite a member of staff by e-mail (a link to choose a password)',
    access: 'practice-admin',
    body: InviteBody,
    responses: {
      201: { description: 'Invited', schema: t.type({ userId: t.number, email: t.string, role: t.string, status: t.literal('INVITED') }) },
      409: { description: 'The e-mail is already a user' },
    },
    handler: async ({ body, caller }) => {
      const me = staffOf(caller);
      const userId = await inTransaction(deps.pool, async (db) => {
        const id = await invite(db, deps, { practiceId: me.practiceId, name: me.practiceName }, body);
        await auditConfigChange(db, {
          entity: 'practice-user',
          entityId: id,
          action: 'invite',
          actor: actorOf(caller),
          before: null,
          after: { role: body.role },
        });
        return id;
      });
      return { status: 201, body: { userId, email: body.email.trim(), role: body.role, status: 'INVITED' as const } };
    },
  }),
  route({
    method: 'delete',
    path: '/practice/staff/:userId',
    tag: 'Practices',
    summary: 'Remove a member of staff; their sessions end at once',
    access: 'practice-admin',
    params: t.type({ userId: UserId }),
    responses: { 204: { description: 'Removed' }, 404: { description: 'Not of this practice' }, 409: { description: 'Yourself' } },
    handler: async ({ params, caller }) => {
      const me = staffOf(caller);
      if (params.userId === me.userId) throw new Problem('conflict', 'You cannot remove yourself; ask another administrator of the practice');
      const revoked = await inTransaction(deps.pool, async (db) => {
        const r = await db.query(`UPDATE practice_users SET status = 'REMOVED' WHERE user_id = $1 AND practice_id = $2 AND status <> 'REMOVED'`, [
          params.userId,
          me.practiceId,
        ]);
        if (!r.rowCount) throw notFound(`Staff member ${params.userId}`);
        await db.query('UPDATE practice_invitations SET used_at = coalesce(used_at, now()) WHERE user_id = $1', [params.userId]);
        await auditConfigChange(db, {
          entity: 'practice-user',
          entityId: params.userId,
          action: 'remove',
          actor: actorOf(caller),
          before: null,
          after: { status: 'REMOVED' },
        });
        return revokePracticeUserSessions(db, params.userId);
      });
      await announceRevoked(deps.pool, revoked);
      return { status: 204 };
    },
  }),
  route({
    method: 'post',
    path: '/practice/invitations/accept',
    tag: 'Practices',
    summary: 'Accept an invitation: choose a password and sign in',
    access: 'public',
    body: t.type({ token: boundedString(200), password: Password }),
    responses: { 200: { description: 'Signed in, as login answers' }, 400: { description: 'Bad, used or expired token' } },
    handler: async ({ body }) => {
      const passwordHash = await hashPassword(body.password, deps.settings.passwordHashCost);
      const email = await inTransaction(deps.pool, async (db) => {
        const r = await db.query<{ email: string }>(
          `UPDATE practice_invitations i SET used_at = now() FROM practice_users u
            WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.expires_at > now() AND u.user_id = i.user_id AND u.status <> 'REMOVED'
            RETURNING u.email`,
          [hashToken(body.token)],
        );
        if (!r.rowCount) throw validationProblem([{ path: 'body.token', message: 'is not a valid invitation (it may have been used or have expired)' }]);
        await db.query(`UPDATE practice_users SET password_hash = $2, status = 'ACTIVE' WHERE lower(email) = lower($1) AND status <> 'REMOVED'`, [
          r.rows[0].email,
          passwordHash,
        ]);
        return r.rows[0].email;
      });
      const answer = await signInPracticeStaff(deps, email, body.password);
      if (!answer) throw new Error('an accepted invitation did not sign in');
      return { status: 200, body: answer };
    },
  }),
];

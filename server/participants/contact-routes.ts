import type {
  EmailConfirmBody,
  EmailConfirmed,
  EmailPendingAnswer,
  NewEmailBody,
  NewPhoneBody,
  PendingEmail,
  PhoneChangeBody,
} from '../../event-schemas/contract/contacts';
import type { AcceptedBody } from '../../event-schemas/contract/wire-checks';
import * as t from 'io-ts';
import { EMAIL_ADDRESS_RULE, isEmailAddress, isUsPhone, US_PHONE, US_PHONE_RULE } from '../../event-schemas/contract/rules';
import { refined } from '../../event-schemas/primitives';
import { actorOf, assertCanActFor } from '../auth/caller';
import { hashToken, newToken } from '../auth/tokens';
import { portalLink } from '../config';
import { PaxIdParam } from '../core/http-codecs';
import { notFound, Problem } from '../core/problem';
import { route } from '../core/route';
import { readConfigAudit } from '../db/config-audit';
import type { Deps } from '../deps';
import { enqueue } from '../mail/outbox';
import { changeContacts, CONTACTS_ENTITY, keepOnePreferred } from './contact-changes';
import { assertCanReadFor } from '../privacy/access-log';

/** How long the link that confirms a new e-mail address works. */
export const EMAIL_CONFIRMATION_HOURS = 48;

const Phone = refined(t.string, 'Phone', US_PHONE_RULE, isUsPhone, { pattern: US_PHONE.source });
const EmailAddress = refined(t.string, 'EmailAddress', EMAIL_ADDRESS_RULE, (s) => isEmailAddress(s) && s.length <= 254, { format: 'email', maxLength: 254 });
const PhoneParam = t.type({ paxId: PaxIdParam, phone: t.string });
const EmailParam = t.type({ paxId: PaxIdParam, email: t.string });
const Flag = t.keyof({ Y: null, N: null });
const Phones = t.array(t.type({ phone: t.string, preferred: Flag }));
const Emails = t.array(t.type({ emailAddress: t.string, preferred: Flag }));

const digits = (phone: string) => phone.replace(/\D/g, '');

/**
 * A member's phones and e-mail addresses, edited by the member (or an admin for them), each change in the audit
 * trail. A new e-mail address is used only once its link is followed: until then it is pending, and it never becomes
 * the sign-in address unconfirmed. The preferred e-mail is the one the member signs in with.
 */
// The profile sends the contract's bodies (event-schemas/contract/contacts.ts); each codec accepts them.
const NewPhone = t.intersection([t.type({ phone: Phone }), t.partial({ preferred: t.boolean })]);
const PhoneChange = t.partial({ phone: Phone, preferred: t.literal(true) });
const NewEmail = t.type({ emailAddress: EmailAddress });
const EmailConfirm = t.type({ token: t.string });
export type ContactBodiesAccepted = [
  AcceptedBody<typeof NewPhone, NewPhoneBody>,
  AcceptedBody<typeof PhoneChange, PhoneChangeBody>,
  AcceptedBody<typeof NewEmail, NewEmailBody>,
  AcceptedBody<typeof EmailConfirm, EmailConfirmBody>,
];

export const contactRoutes = (deps: Deps) => [
  route({
    method: 'post',
    path: '/participants/:paxId/phones',
    tag: 'Participants',
    summary: 'Adds a phone number (10 digits, shown 3-3-4); the first, or one marked preferred, becomes preferred',
    access: 'signed-in',
    params: t.type({ paxId: PaxIdParam }),
    body: NewPhone,
    responses: {
      201: { description: 'The phones now', schema: Phones },
      400: { description: 'Not a phone number' },
      409: { description: 'Already one of the member’s numbers' },
    },
    handler: async ({ params, body, caller }) => {
      assertCanActFor(caller, params.paxId);
      const { after } = await changeContacts(deps.pool, params.paxId, 'phone-added', actorOf(caller), async (db) => {
        const exists = await db.query('SELECT 1 FROM participant_phones WHERE pax_id = $1 AND phone = $2', [params.paxId, digits(body.phone)]);
        if (exists.rowCount)
          throw new Problem('conflict', 'This phone number is already on your profile', [{ path: 'body.phone', message: 'is already on your profile' }]);
        const r = await db.query<{ id: number }>(`INSERT INTO participant_phones (pax_id, phone, preferred) VALUES ($1, $2, 'N') RETURNING id`, [
          params.paxId,
          digits(body.phone),
        ]);
        await keepOnePreferred(db, 'participant_phones', params.paxId, body.preferred ? r.rows[0].id : undefined);
      });
      return { status: 201, body: after.phones };
    },
  }),
  route({
    method: 'put',
    path: '/participants/:paxId/phones/:phone',
    tag: 'Participants',
    summary: 'Changes a phone number, or makes it the preferred one',
    access: 'signed-in',
    params: PhoneParam,
    body: PhoneChange,
    responses: {
      200: { description: 'The phones now', schema: Phones },
      404: { description: 'Not one of the member’s numbers' },
      409: { description: 'The new number is already there' },
    },
    handler: async ({ params, body, caller }) => {
      assertCanActFor(caller, params.paxId);
      const { after } = await changeContacts(deps.pool, params.paxId, body.phone ? 'phone-changed' : 'phone-preferred', actorOf(caller), async (db) => {
        const row = await db.query<{ id: number }>('SELECT id FROM participant_phones WHERE pax_id = $1 AND phone = $2', [params.paxId, digits(params.phone)]);
        if (!row.rowCount) throw notFound(`Phone number ${params.phone}`);
        const id = row.rows[0].id;
        if (body.phone && digits(body.phone) !== digits(params.phone)) {
          const taken = await db.query('SELECT 1 FROM participant_phones WHERE pax_id = $1 AND phone = $2', [params.paxId, digits(body.phone)]);
          if (taken.rowCount)
            throw new Problem('conflict', 'This phone number is already on your profile', [{ path: 'body.phone', message: 'is already on your profile' }]);
          await db.query('UPDATE participant_phones SET phone = $2 WHERE id = $1', [id, digits(body.phone)]);
        }
        if (body.preferred) await keepOnePreferred(db, 'participant_phones', params.paxId, id);
      });
      return { status: 200, body: after.phones };
    },
  }),
  route({
    method: 'delete',
    path: '/participants/:paxId/phones/:phone',
    tag: 'Participants',
    summary: 'Removes a phone number; if it was preferred, the oldest left becomes preferred',
    access: 'signed-in',
    params: PhoneParam,
    responses: { 200: { description: 'The phones now', schema: Phones }, 404: { description: 'Not one of the member’s numbers' } },
    handler: async ({ params, caller }) => {
      assertCanActFor(caller, params.paxId);
      const { after } = await changeContacts(deps.pool, params.paxId, 'phone-removed', actorOf(caller), async (db) => {
        const r = await db.query('DELETE FROM participant_phones WHERE pax_id = $1 AND phone = $2', [params.paxId, digits(params.phone)]);
        if (!r.rowCount) throw notFound(`Phone number ${params.phone}`);
        await keepOnePreferred(db, 'participant_phones', params.paxId);
      });
      return { status: 200, body: after.phones };
    },
  }),
  route({
    method: 'post',
    path: '/participants/:paxId/emails',
    tag: 'Participants',
    summary: `Adds an e-mail address: a link valid ${EMAIL_CONFIRMATION_HOURS} hours is sent to it, and the address is used only once the link is followed`,
    access: 'signed-in',
    params: t.type({ paxId: PaxIdParam }),
    body: NewEmail,
    responses: {
      202: { description: 'Confirmation sent', schema: t.type({ pendingEmail: t.string, expiresAt: t.string }) },
      409: { description: 'Already on the member’s profile (another account’s sign-in address is answered 202 like any other, and can never be confirmed)' },
    },
    handler: async ({ params, body, caller }) => {
      assertCanActFor(caller, params.paxId);
      const email = body.emailAddress.trim().toLowerCase();
      const token = newToken();
      const { result: expiresAt } = await changeContacts(deps.pool, params.paxId, 'email-requested', actorOf(caller), async (db) => {
        const mine = await db.query('SELECT 1 FROM participant_emails WHERE pax_id = $1 AND lower(email_address) = $2', [params.paxId, email]);
        if (mine.rowCount)
          throw new Problem('conflict', 'This e-mail address is already on your profile', [
            { path: 'body.emailAddress', message: 'is already on your profile' },
          ]);
        // Another account signs in with it: answered exactly as a free address (a pending row included), so the answer
        // never tells who is a member. The mailbox's owner gets a notice instead of a link: nothing can be confirmed.
        const other = await db.query('SELECT 1 FROM participants WHERE lower(username) = $1 AND pax_id <> $2', [email, params.paxId]);
        const taken = (other.rowCount ?? 0) > 0;
        const r = await db.query<{ expires_at: Date }>(
          `INSERT INTO email_confirmations (token_hash, pax_id, email_address, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4)) RETURNING expires_at`,
          [hashToken(taken ? newToken() : token), params.paxId, email, EMAIL_CONFIRMATION_HOURS],
        );
        await enqueue(db, {
          channel: 'email',
          recipient: email,
          subject: taken ? 'Someone asked to add this address to a rewards profile' : 'Confirm your e-mail address',
          body: taken
            ? 'Someone asked to add this e-mail address to another rewards profile. It already signs in to an account of yours, so nothing was changed. If it was you, sign in with this address instead; if not, you need do nothing.'
            : `Follow this link within ${EMAIL_CONFIRMATION_HOURS} hours to add this address to your rewards profile: ${portalLink(deps.settings, `/profile/confirm-email?token=${token}`)}`,
        });
        return r.rows[0].expires_at.toISOString();
      });
      return { status: 202, body: { pendingEmail: email, expiresAt } satisfies EmailPendingAnswer };
    },
  }),
  route({
    method: 'get',
    path: '/participants/:paxId/emails/pending',
    tag: 'Participants',
    summary: 'E-mail addresses waiting for their confirmation link to be followed',
    access: 'signed-in',
    params: t.type({ paxId: PaxIdParam }),
    responses: { 200: { description: 'Pending addresses', schema: t.array(t.type({ emailAddress: t.string, expiresAt: t.string })) } },
    handler: async ({ params, caller }) => {
      await assertCanReadFor(deps.pool, { caller, paxId: params.paxId, action: 'pending-emails', at: deps.now() });
      const r = await deps.pool.query<{ email_address: string; expires_at: Date }>(
        // An address already on the profile is not pending: the welcome e-mail's link confirms the sign-in address.
        `SELECT DISTINCT ON (email_address) email_address, expires_at FROM email_confirmations c
          WHERE pax_id = $1 AND used_at IS NULL AND expires_at > now()
            AND NOT EXISTS (SELECT 1 FROM participant_emails e WHERE e.pax_id = c.pax_id AND lower(e.email_address) = lower(c.email_address))
          ORDER BY email_address, expires_at DESC`,
        [params.paxId],
      );
      return { status: 200, body: r.rows.map((p): PendingEmail => ({ emailAddress: p.email_address, expiresAt: p.expires_at.toISOString() })) };
    },
  }),
  route({
    method: 'post',
    path: '/participants/emails/confirm',
    tag: 'Participants',
    summary: 'Confirms a new e-mail address with the single-use token from its link (no sign-in needed: the token is the proof)',
    access: 'public',
    body: EmailConfirm,
    responses: {
      200: { description: 'Added', schema: t.type({ emailAddress: t.string }) },
      400: { description: 'Bad or used token' },
      410: { description: 'The link has expired' },
    },
    handler: async ({ body }) => {
      const link = await deps.pool.query<{ pax_id: string; email_address: string; expired: boolean; used: boolean }>(
        'SELECT pax_id, email_address, expires_at <= now() AS expired, used_at IS NOT NULL AS used FROM email_confirmations WHERE token_hash = $1',
        [hashToken(body.token)],
      );
      const row = link.rows[0];
      if (!row) throw new Problem('validation', 'This link is not valid', [{ path: 'body.token', message: 'is not a valid confirmation link' }]);
      if (row.used)
        throw new Problem('validation', 'This link was already used', [{ path: 'body.token', message: 'was already used: the address is on your profile' }]);
      if (row.expired) throw new Problem('gone', 'This link has expired; add the address again from your profile to get a new one');
      const paxId = Number(row.pax_id);
      await changeContacts(deps.pool, paxId, 'email-confirmed', { kind: 'participant', paxId }, async (db) => {
        // The token row is claimed inside the transaction, so two clicks on one link add the address once.
        const claimed = await db.query('UPDATE email_confirmations SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL', [hashToken(body.token)]);
        if (!claimed.rowCount)
          throw new Problem('validation', 'This link was already used', [{ path: 'body.token', message: 'was already used: the address is on your profile' }]);
        // A new address is added confirmed; the one they joined with (the welcome e-mail's link) is marked so.
        await db.query(
          `INSERT INTO participant_emails (pax_id, email_address, preferred, confirmed_at) SELECT $1, $2, 'N', now()
            WHERE NOT EXISTS (SELECT 1 FROM participant_emails WHERE pax_id = $1 AND lower(email_address) = $2)`,
          [paxId, row.email_address],
        );
        await db.query('UPDATE participant_emails SET confirmed_at = now() WHERE pax_id = $1 AND lower(email_address) = $2 AND confirmed_at IS NULL', [
          paxId,
          row.email_address,
        ]);
      });
      return { status: 200, body: { emailAddress: row.email_address } satisfies EmailConfirmed };
    },
  }),
  route({
    method: 'put',
    path: '/participants/:paxId/emails/:email/preferred',
    tag: 'Participants',
    summary: 'Makes a confirmed e-mail address the preferred one, which is also the address the member signs in with',
    access: 'signed-in',
    params: EmailParam,
    responses: {
      200: { description: 'The e-mail addresses now', schema: Emails },
      404: { description: 'Not a confirmed address of the member' },
      409: { description: 'Another account signs in with it' },
    },
    handler: async ({ params, caller }) => {
      assertCanActFor(caller, params.paxId);
      const email = params.email.trim().toLowerCase();
      const { after } = await changeContacts(deps.pool, params.paxId, 'email-preferred', actorOf(caller), async (db) => {
        const row = await db.query<{ id: number }>('SELECT id FROM participant_emails WHERE pax_id = $1 AND lower(email_address) = $2', [params.paxId, email]);
        if (!row.rowCount) throw notFound(`Confirmed e-mail address ${email}`);
        const other = await db.query('SELECT 1 FROM participants WHERE lower(username) = $1 AND pax_id <> $2', [email, params.paxId]);
        if (other.rowCount) throw new Problem('conflict', 'Another account signs in with this e-mail address');
        await keepOnePreferred(db, 'participant_emails', params.paxId, row.rows[0].id);
        await db.query('UPDATE participants SET username = $2 WHERE pax_id = $1', [params.paxId, email]);
      });
      return { status: 200, body: after.emails };
    },
  }),
  route({
    method: 'delete',
    path: '/participants/:paxId/emails/:email',
    tag: 'Participants',
    summary: 'Removes an e-mail address other than the preferred one (the member signs in with that)',
    access: 'signed-in',
    params: EmailParam,
    responses: {
      200: { description: 'The e-mail addresses now', schema: Emails },
      404: { description: 'Not an address of the member' },
      409: { description: 'It is the preferred address' },
    },
    handler: async ({ params, caller }) => {
      assertCanActFor(caller, params.paxId);
      const email = params.email.trim().toLowerCase();
      const { after } = await changeContacts(deps.pool, params.paxId, 'email-removed', actorOf(caller), async (db) => {
        const row = await db.query<{ preferred: string }>('SELECT preferred FROM participant_emails WHERE pax_id = $1 AND lower(email_address) = $2', [
          params.paxId,
          email,
        ]);
        if (!row.rowCount) throw notFound(`E-mail address ${email}`);
        if (row.rows[0].preferred === 'Y') throw new Problem('conflict', 'This is the address you sign in with: make another one preferred first');
        await db.query('DELETE FROM participant_emails WHERE pax_id = $1 AND lower(email_address) = $2', [params.paxId, email]);
      });
      return { status: 200, body: after.emails };
    },
  }),
  route({
    method: 'get',
    path: '/participants/:paxId/contacts/history',
    tag: 'Participants',
    summary: 'Every change to the member’s phones and e-mail addresses, oldest first, with who made it',
    access: 'signed-in',
    params: t.type({ paxId: PaxIdParam }),
    responses: { 200: { description: 'Changes' } },
    handler: async ({ params, caller }) => {
      await assertCanReadFor(deps.pool, { caller, paxId: params.paxId, action: 'contact-history', at: deps.now() });
      return { status: 200, body: await readConfigAudit(deps.pool, CONTACTS_ENTITY, params.paxId) };
    },
  }),
];

import { ensureWelcomeCertificate } from '../certificates/welcome-certificate';
import { portalLink } from '../config';
import {
  dateOfBirthProblem,
  isUsPhone,
  US_ZIP_IN_USE_RULE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  US_PHONE,
  US_PHONE_RULE,
  US_ZIP_CODE,
  US_ZIP_CODE_RULE,
} from '../../event-schemas/contract/rules';
import { randomBytes } from 'node:crypto';
import * as t from 'io-ts';
import { IsoDate, PositiveInteger, refined } from '../../event-schemas/primitives';
import { TERMS_REQUIRED_RULE } from '../../event-schemas/contract/enrollment-consent';
import { recordEnrollmentConsent } from './enrollment-consent';
import { sendWelcomeMail } from './welcome-mail';
import { isUsZipInUse } from '../postal-codes/us-zip-places';
import { offerClaimEvents } from '../campaigns/claim-offer';
import { dateIn } from '../../event-schemas/calendar';
import { Email } from '../core/http-codecs';
import { Problem, validationProblem } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { enqueue } from '../mail/outbox';
import { resolveReferrer } from '../referrals/referral-code';
import { hashPassword, isStrongPassword, passwordRule } from './passwords';
import { loginAnswer } from './routes';
import { assertResetRequestAllowed, mayMailReset } from './reset-throttle';
import { createSession, revokeAllSessions } from './sessions';
import { hashToken, newToken } from './tokens';

export const Name = refined(t.string, 'Name', 'must be 1 to 50 letters, spaces, apostrophes or hyphens', (s) => /^[\p{L}][\p{L} '.-]{0,49}$/u.test(s.trim()), {
  minLength: 1,
  maxLength: 50,
});
const Password = refined(t.string, 'Password', passwordRule, isStrongPassword, { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });
// The shape's rule names the codec; a well-formed ZIP no address has (00000, 99999) is refused in words by the handler.
export const UsPostalCode = refined(t.string, 'UsPostalCode', US_ZIP_CODE_RULE, (s) => US_ZIP_CODE.test(s.trim()), { pattern: US_ZIP_CODE.source });
const Phone = refined(t.string, 'Phone', US_PHONE_RULE, isUsPhone, { pattern: US_PHONE.source });

/** The member's acceptance of the terms and privacy policies: required, and only `true` accepts (issue 54, item 10). */
const TermsAcceptance = refined(t.literal(true), 'TermsAccepted', TERMS_REQUIRED_RULE, () => true);

const EnrollmentBody = t.intersection([
  t.type({
    firstName: Name,
    lastName: Name,
    email: Email,
    password: Password,
    postalCode: UsPostalCode,
    dateOfBirth: IsoDate,
    termsAccepted: TermsAcceptance,
  }),
  t.partial({
    phone: t.union([Phone, t.null]),
    refCode: t.union([t.string, t.null]),
    campaignId: PositiveInteger,
    // Marketing consent, each off unless ticked.
    marketingEmail: t.boolean,
    marketingText: t.boolean,
  }),
]);

const formatZip = (s: string) => (s.replace('-', '').length === 9 ? `${s.replace('-', '').slice(0, 5)}-${s.replace('-', '').slice(5)}` : s);
const RESET_MINUTES = 60;

export const enrollmentRoutes = (deps: Deps) => [
  route({
    method: 'post',
    path: '/enrollment',
    tag: 'Session',
    summary:
      'Join the programme, accepting the terms and privacy policies (recorded with their version) and choosing marketing consent; answers a signed-in session and sends a welcome e-mail that confirms the address',
    access: 'public',
    body: EnrollmentBody,
    responses: {
      201: { description: 'Enrolled and signed in' },
      400: { description: 'Invalid fields, or termsAccepted missing or not true' },
      409: { description: 'E-mail already enrolled' },
    },
    handler: async ({ body }) => {
      const today = dateIn(deps.settings.timeZone, deps.now());
      const refused = [
        ...(dateOfBirthProblem(body.dateOfBirth, today) ? [{ path: 'body.dateOfBirth', message: dateOfBirthProblem(body.dateOfBirth, today)! }] : []),
        ...((await isUsZipInUse(body.postalCode)) ? [] : [{ path: 'body.postalCode', message: US_ZIP_IN_USE_RULE }]),
      ];
      if (refused.length) throw validationProblem(refused);
      const email = body.email.trim().toLowerCase();
      let referrer: number | null = null;
      if (body.refCode) {
        const applicant = {
          emails: [email],
          phones: body.phone ? [body.phone] : [],
          lastName: body.lastName,
          dateOfBirth: body.dateOfBirth,
          postalCode: body.postalCode,
        };
        referrer = await resolveReferrer(deps.pool, body.refCode, applicant);
      }
      const passwordHash = await hashPassword(body.password, deps.settings.passwordHashCost);
      const db = await deps.pool.connect();
      let paxId: number;
      try {
        await db.query('BEGIN');
        const inserted = await db.query<{ pax_id: string }>(
          `INSERT INTO participants (first_name, last_name, username, password_hash, postal_code, date_of_birth, ref_code, referred_by, enrolled_campaign_id, welcome_category_code)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING RETURNING pax_id`,
          // The campaign link is kept with the member, so its new-member e-mail is chosen the same on any retry of the claim.
          [
            body.firstName.trim(),
            body.lastName.trim(),
            email,
            passwordHash,
            formatZip(body.postalCode),
            body.dateOfBirth,
            randomBytes(6).toString('base64url'),
            referrer,
            body.campaignId ?? null,
            deps.settings.welcomeCertificateCategory,
          ],
        );
        if (!inserted.rowCount)
          throw new Problem('conflict', 'That e-mail is already enrolled; sign in or reset your password', [
            { path: 'body.email', message: 'is already enrolled' },
          ]);
        paxId = Number(inserted.rows[0].pax_id);
        await db.query(`INSERT INTO participant_emails (pax_id, email_address, preferred) VALUES ($1, $2, 'Y')`, [paxId, email]);
        if (body.phone)
          await db.query(`INSERT INTO participant_phones (pax_id, phone, preferred) VALUES ($1, $2, 'Y')`, [paxId, body.phone.replace(/\D/g, '')]);
        await db.query('COMMIT');
      } catch (error) {
        await db.query('ROLLBACK');
        throw error;
      } finally {
        db.release();
      }
      await recordEnrollmentConsent(deps, {
        paxId,
        acceptedAt: deps.now(),
        emailMarketing: body.marketingEmail ?? false,
        smsMarketing: body.marketingText ?? false,
      });
      const token = await createSession(deps.pool, paxId);
      await ensureWelcomeCertificate(deps, paxId, { kind: 'participant', paxId });
      await sendWelcomeMail(deps, { paxId, firstName: body.firstName.trim(), email });
      const events = await offerClaimEvents(deps, body.campaignId, paxId);
      return { status: 201, body: loginAnswer(token, { paxId, firstName: body.firstName.trim(), lastName: body.lastName.trim() }, false, events) };
    },
  }),
  route({
    method: 'post',
    path: '/authenticate/forgot-password',
    tag: 'Session',
    summary: 'Sends a reset link if the e-mail is enrolled; answers the same either way',
    access: 'public',
    body: t.type({ email: Email }),
    responses: { 202: { description: 'Accepted' } },
    handler: async ({ body, req }) => {
      await assertResetRequestAllowed(deps.pool, req.ip ?? 'unknown');
      const r = await deps.pool.query<{ pax_id: string }>('SELECT pax_id FROM participants WHERE lower(username) = lower($1)', [body.email.trim()]);
      if (r.rowCount && (await mayMailReset(deps.pool, Number(r.rows[0].pax_id)))) {
        const token = newToken();
        await deps.pool.query(`INSERT INTO password_resets (token_hash, pax_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`, [
          hashToken(token),
          r.rows[0].pax_id,
          RESET_MINUTES,
        ]);
        await enqueue(deps.pool, {
          channel: 'email',
          recipient: body.email.trim().toLowerCase(),
          subject: 'Reset your password',
          body: `Use this link within ${RESET_MINUTES} minutes to choose a new password: ${portalLink(deps.settings, `/forgot-password?token=${token}`)}`,
        });
      }
      return { status: 202 };
    },
  }),
  route({
    method: 'post',
    path: '/authenticate/reset-password',
    tag: 'Session',
    summary: 'Sets a new password with a reset token (single use); signs out every session',
    access: 'public',
    body: t.type({ token: t.string, password: Password }),
    responses: { 204: { description: 'Changed' }, 400: { description: 'Bad or used token, or weak password' } },
    handler: async ({ body }) => {
      const badToken = () => validationProblem([{ path: 'body.token', message: 'is not valid, has expired or was already used' }]);
      const live = 'token_hash = $1 AND used_at IS NULL AND expires_at > now()';
      // Check the token before the (deliberately expensive) hash, so bad tokens cannot make the server hash at will.
      const found = await deps.pool.query(`SELECT 1 FROM password_resets WHERE ${live}`, [hashToken(body.token)]);
      if (!found.rowCount) throw badToken();
      const passwordHash = await hashPassword(body.password, deps.settings.passwordHashCost);
      const used = await deps.pool.query<{ pax_id: string }>(`UPDATE password_resets SET used_at = now() WHERE ${live} RETURNING pax_id`, [
        hashToken(body.token),
      ]);
      if (!used.rowCount) throw badToken();
      await deps.pool.query('UPDATE participants SET password_hash = $2 WHERE pax_id = $1', [used.rows[0].pax_id, passwordHash]);
      await revokeAllSessions(deps.pool, Number(used.rows[0].pax_id));
      return { status: 204 };
    },
  }),
];

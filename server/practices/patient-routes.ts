import * as t from 'io-ts';
import { isUsPhone, US_PHONE_RULE } from '../../event-schemas/contract/rules';
import { IsoDate, refined } from '../../event-schemas/primitives';
import type { Caller } from '../auth/caller';
import { Email, PaxIdParam } from '../core/http-codecs';
import { notFound, validationProblem } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { recordPracticeAccess } from '../privacy/access-log';
import { LookupThrottle } from './lookup-throttle';
import { activationDates } from '../certificates/activation-dates';
import { isMemberCode, memberCodeKey, memberCodeOf, paxIdOfMemberCode } from './member-code';

const MemberCode = refined(t.string, 'MemberCode', 'must be a member code: 8 letters and digits, as the wallet shows it', isMemberCode, {
  minLength: 8,
  maxLength: 12,
});
const Phone = refined(t.string, 'Phone', US_PHONE_RULE, isUsPhone, {});
const LookupQuery = t.partial({ memberCode: MemberCode, phone: Phone, email: Email, dateOfBirth: IsoDate });
const Patient = t.type({ paxId: t.number, firstName: t.string, lastInitial: t.string, memberCode: t.string, city: t.string });
const PatientCertificate = t.type({
  code: t.string,
  name: t.string,
  amount: t.number,
  status: t.string,
  category: t.string,
  activationDate: t.union([t.string, t.null]),
  expirationDate: t.string,
});

const practiceOf = (caller: Caller) => {
  if (caller.kind !== 'practice') throw new Error('a practice route was reached without a practice caller');
  return { practiceId: caller.practiceId, userId: caller.staff?.userId ?? null, key: caller.staff ? `user-${caller.staff.userId}` : `key-${caller.apiKeyId}` };
};

/** Members a practice may find: enrolled, not staff, not erased. */
const FINDABLE = 'NOT p.is_admin AND p.erased_at IS NULL';

/**
 * The front desk finds the patient in front of it: by member code, by exact phone, or by exact e-mail with date of
 * birth. Exact matches only, never a list to browse; the least that tells the right person (first name, last initial,
 * code, city); every match is written to that member's access log, naming the practice and its user.
 */
export const practicePatientRoutes = (deps: Deps) => {
  const throttle = new LookupThrottle();
  return [
    route({
      method: 'get',
      path: '/practice/patients',
      tag: 'Practices',
      summary: 'Find a patient by memberCode, or exact phone, or exact email with dateOfBirth (rate-limited)',
      access: 'practice',
      query: LookupQuery,
      responses: {
        200: { description: 'The exact matches (none, or one; a phone shared by a household may find more)', schema: t.type({ items: t.array(Patient) }) },
        429: { description: 'Too many lookups' },
      },
      handler: async ({ query, caller }) => {
        const criteria = [query.memberCode, query.phone, query.email].filter((c) => c !== undefined).length;
        if (criteria === 0) throw validationProblem([{ path: 'query.memberCode', message: 'give memberCode, phone, or email with dateOfBirth' }]);
        if (criteria > 1) throw validationProblem([{ path: 'query', message: 'give one of memberCode, phone or email' }]);
        if (query.email !== undefined && query.dateOfBirth === undefined)
          throw validationProblem([{ path: 'query.dateOfBirth', message: 'is required with email' }]);
        const practice = practiceOf(caller);
        throttle.take(practice.key);
        const key = await memberCodeKey(deps.pool);
        const select = `SELECT p.pax_id, p.first_name, p.last_name, coalesce(z.city, '') AS city FROM participants p
          LEFT JOIN zip_locations z ON z.postal_code = left(p.postal_code, 5)`;
        type Row = { pax_id: string; first_name: string; last_name: string; city: string };
        let rows: Row[] = [];
        if (query.memberCode !== undefined) {
          const paxId = paxIdOfMemberCode(key, query.memberCode);
          if (paxId !== undefined) rows = (await deps.pool.query<Row>(`${select} WHERE p.pax_id = $1 AND ${FINDABLE}`, [paxId])).rows;
        } else if (query.phone !== undefined) {
          rows = (
            await deps.pool.query<Row>(
              // From the phone's index to the members it names: never a walk of participants in pax_id order.
              `${select} JOIN participant_phones ph ON ph.pax_id = p.pax_id WHERE ph.phone = $1 AND ${FINDABLE} ORDER BY p.pax_id LIMIT 5`,
              [query.phone.replace(/\D/g, '')],
            )
          ).rows;
        } else {
          rows = (
            await deps.pool.query<Row>(
              `${select} WHERE p.pax_id IN (SELECT pax_id FROM participant_emails WHERE lower(email_address) = lower($1)) AND p.date_of_birth = $2 AND ${FINDABLE}
               ORDER BY p.pax_id LIMIT 5`,
              [query.email!.trim(), query.dateOfBirth],
            )
          ).rows;
        }
        const at = deps.now();
        for (const row of rows)
          await recordPracticeAccess(deps.pool, {
            paxId: Number(row.pax_id),
            practiceId: practice.practiceId,
            userId: practice.userId,
            action: 'practice-lookup',
            at,
          });
        return {
          status: 200,
          body: {
            items: rows.map((row) => ({
              paxId: Number(row.pax_id),
              firstName: row.first_name,
              lastInitial: row.last_name.trim().slice(0, 1).toUpperCase(),
              memberCode: memberCodeOf(key, Number(row.pax_id)),
              city: row.city,
            })),
          },
        };
      },
    }),
    route({
      method: 'get',
      path: '/practice/patients/:paxId/certificates',
      tag: 'Practices',
      summary: "The patient's ACTIVE certificates, unused, for checkout (in the member's access log)",
      access: 'practice',
      params: t.type({ paxId: PaxIdParam }),
      responses: {
        200: { description: 'Their active certificates, soonest expiring first', schema: t.type({ items: t.array(PatientCertificate) }) },
        404: { description: 'No such patient' },
      },
      handler: async ({ params, caller }) => {
        const practice = practiceOf(caller);
        const found = await deps.pool.query(`SELECT 1 FROM participants p WHERE p.pax_id = $1 AND ${FINDABLE}`, [params.paxId]);
        if (!found.rowCount) throw notFound(`Patient ${params.paxId}`);
        const r = await deps.pool.query<{
          certificate_id: string;
          code: string;
          name: string;
          amount: string;
          status: string;
          display_category: string;
          expiration_date: string;
        }>(
          `SELECT c.certificate_id, c.code, c.name, c.amount, c.status, c.display_category, to_char(c.expiration_date, 'YYYY-MM-DD') AS expiration_date
             FROM rm_certificates c WHERE c.pax_id = $1 AND c.status = 'ACTIVE' AND c.redeemed_on IS NULL ORDER BY c.expiration_date, c.code`,
          [params.paxId],
        );
        const activation = await activationDates(
          deps.pool,
          r.rows.map((c) => c.certificate_id),
          deps.settings.timeZone,
        );
        await recordPracticeAccess(deps.pool, {
          paxId: params.paxId,
          practiceId: practice.practiceId,
          userId: practice.userId,
          action: 'practice-certificates',
          at: deps.now(),
        });
        return {
          status: 200,
          body: {
            items: r.rows.map((c) => ({
              code: c.code,
              name: c.name,
              amount: Number(c.amount),
              status: c.status,
              category: c.display_category,
              activationDate: activation.get(c.certificate_id) ?? null,
              expirationDate: c.expiration_date,
            })),
          },
        };
      },
    }),
  ];
};

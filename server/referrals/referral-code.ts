import type pg from 'pg';
import { validationProblem } from '../core/problem';
import { looksLikeSamePerson, type PersonFacts } from './self-referral';

const refused = (message: string) => validationProblem([{ path: 'body.refCode', message }]);

/**
 * The referrer behind an enrollment's `refCode`, or a 400 on `body.refCode`: unknown codes, codes of staff (admin)
 * accounts, which earn no referral rewards, and codes whose owner looks like the person enrolling.
 */
export async function resolveReferrer(pool: pg.Pool, refCode: string, applicant: PersonFacts): Promise<number> {
  const r = await pool.query<{
    pax_id: string;
    is_admin: boolean;
    last_name: string;
    dob: string | null;
    postal_code: string | null;
    emails: string[];
    phones: string[];
  }>(
    `SELECT p.pax_id, p.is_admin, p.last_name, to_char(p.date_of_birth, 'YYYY-MM-DD') AS dob, p.postal_code,
            array(SELECT email_address FROM participant_emails e WHERE e.pax_id = p.pax_id) || p.username AS emails,
            array(SELECT phone FROM participant_phones f WHERE f.pax_id = p.pax_id) AS phones
       FROM participants p WHERE p.ref_code = $1`,
    [refCode],
  );
  const owner = r.rows[0];
  if (!owner) throw refused('is not a known referral code');
  if (owner.is_admin) throw refused('belongs to a staff account and cannot be used to join');
  const ownerFacts: PersonFacts = {
    emails: owner.emails,
    phones: owner.phones,
    lastName: owner.last_name,
    dateOfBirth: owner.dob,
    postalCode: owner.postal_code,
  };
  if (looksLikeSamePerson(applicant, ownerFacts)) throw refused('cannot be your own referral code');
  return Number(owner.pax_id);
}

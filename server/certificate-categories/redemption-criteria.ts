import type pg from 'pg';
import { fieldCatalogue, matchesExpression, checkExpression, type ParticipantFacts } from '../groups/evaluate-group';
import { operatorsFor, type FieldKind, type LogicalExpression } from '../groups/group-expression';
import type { FieldError } from '../core/problem';

/**
 * What a certificate variant's redemptionCriteria may test (spec: GET /certificate-categories/redemption-policy-fields):
 * who the member is (the participant facts groups use, without names or ids) and what they have done in the
 * programme. The criteria are a logical expression, edited with the group builder and decided by the groups'
 * evaluator, so an operator means the same in a group and in a variant.
 */
export const redemptionPolicyFields = [
  { fieldCode: 'ageYears', name: 'Age in years', kind: 'number' },
  { fieldCode: 'postalCode', name: 'Postal code (5 digits)', kind: 'text' },
  { fieldCode: 'emailDomain', name: 'E-mail domain', kind: 'text' },
  { fieldCode: 'enrolledDate', name: 'Enrolled on (YYYY-MM-DD)', kind: 'date' },
  { fieldCode: 'lifetimePoints', name: 'Points earned in the programme', kind: 'number' },
  { fieldCode: 'processedTreatments', name: 'Treatments processed', kind: 'number' },
] as const satisfies readonly { fieldCode: string; name: string; kind: FieldKind }[];

export type RedemptionFacts = Record<(typeof redemptionPolicyFields)[number]['fieldCode'], string | number | null>;

const catalogue = fieldCatalogue(redemptionPolicyFields);

/** The contract's answer: `type` is the field's kind, `operators` those the builder offers for it. */
export const redemptionPolicyFieldList = () =>
  redemptionPolicyFields.map((f) => ({ fieldCode: f.fieldCode, name: f.name, type: f.kind, operators: operatorsFor[f.kind] }));

/** No criteria (null) admits every member; an expression admits those it matches (a missing fact never admits). */
export const satisfiesCriteria = (criteria: LogicalExpression | null, facts: RedemptionFacts | undefined): boolean =>
  criteria === null || (facts !== undefined && matchesExpression(criteria, facts, catalogue));

export const criteriaErrors = (criteria: LogicalExpression, path: string): FieldError[] => checkExpression(criteria, path, catalogue);

/**
 * One member's facts, read from the participant tables and the read models (points and treatments as far as the
 * projections have applied the log: a criterion on them admits a member at most a moment late).
 */
export async function redemptionFacts(db: pg.Pool, person: ParticipantFacts, paxId: number): Promise<RedemptionFacts> {
  const r = await db.query<{ lifetime: string | null; treatments: string }>(
    `SELECT (SELECT lifetime_earned FROM rm_member_points WHERE pax_id = $1) AS lifetime,
            (SELECT count(*) FROM rm_treatments WHERE pax_id = $1 AND status = 'PROCESSED') AS treatments`,
    [paxId],
  );
  return {
    ageYears: person.ageYears,
    postalCode: person.postalCode,
    emailDomain: person.emailDomain,
    enrolledDate: person.enrolledDate,
    lifetimePoints: Number(r.rows[0]?.lifetime ?? 0),
    processedTreatments: Number(r.rows[0]?.treatments ?? 0),
  };
}

import type pg from 'pg';
import { Problem, type FieldError } from '../core/problem';
import { groupsContaining, participantFacts } from '../groups/group-repository';
import type { LogicalExpression } from '../groups/group-expression';
import { redemptionFacts, satisfiesCriteria } from './redemption-criteria';

/**
 * Whether one member may see, buy or redeem a category's certificates: the category's group must hold them and the
 * variant's redemptionCriteria admit them. Read once per request, then asked without I/O for each line.
 */
export interface MemberEligibility {
  inGroup(groupId: number | null): boolean;
  admittedBy(criteria: LogicalExpression | null): boolean;
}

/** An unknown member is in no group and satisfies no criteria; a category or variant without either admits them. */
export async function memberEligibility(db: pg.Pool, paxId: number, today: string, groupIds: readonly (number | null)[]): Promise<MemberEligibility> {
  const person = await participantFacts(db, paxId, today);
  const wanted = [...new Set(groupIds.filter((g): g is number => g !== null))];
  const [groups, facts] = person
    ? await Promise.all([groupsContaining(db, wanted, person), redemptionFacts(db, person, paxId)])
    : [new Set<number>(), undefined];
  return {
    inGroup: (groupId) => groupId === null || groups.has(groupId),
    admittedBy: (criteria) => satisfiesCriteria(criteria, facts),
  };
}

/** The spec's refusal of a purchase or redemption the member is not eligible for: 403 `not-eligible`, the field named. */
export const notEligible = (detail: string, errors: FieldError[]) => new Problem('not-eligible', detail, errors);

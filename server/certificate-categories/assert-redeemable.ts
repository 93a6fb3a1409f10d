import type pg from 'pg';
import { validationProblem } from '../core/problem';
import { memberEligibility, notEligible } from './member-eligibility';
import { redemptionRefusals, type PresentedCertificate } from './redemption-rules';

/**
 * Refuses a treatment's redemptions its certificates' categories forbid, before anything is recorded: 400 for the
 * quantity in one treatment and the activation day, 403 `not-eligible` for a variant's redemption criteria. The
 * member's facts are read only when a presented certificate's variant has criteria.
 */
export async function assertRedeemable(
  db: pg.Pool,
  input: { paxId: number; dateOfService: string; today: string; presented: readonly PresentedCertificate[] },
): Promise<void> {
  const hasCriteria = input.presented.some((p) => p.category?.criteria);
  const member = hasCriteria ? await memberEligibility(db, input.paxId, input.today, []) : null;
  const refusals = redemptionRefusals(input.presented, input.dateOfService, (criteria) => criteria === null || member!.admittedBy(criteria));
  if (refusals.invalid.length) throw validationProblem(refusals.invalid);
  if (refusals.notEligible.length) throw notEligible('The member may not redeem a certificate this treatment reports', refusals.notEligible);
}

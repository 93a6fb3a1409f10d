import type { FieldError } from '../core/problem';
import type { LogicalExpression } from '../groups/group-expression';
import { addDays, usDate } from '../../event-schemas/calendar';

/** A certificate a treatment reports as redeemed, with what its category says about using it. Unknown: category null. */
export interface PresentedCertificate {
  code: string;
  amount: number | null;
  /** The programme day it was issued. */
  issuedOn: string | null;
  category: {
    code: string;
    name: string;
    quantityInOneTreatment: number | null;
    daysToRestrictRedemption: number;
    /** The criteria of the variant of the certificate's amount; null when none (or no such variant). */
    criteria: LogicalExpression | null;
  } | null;
}

export interface RedemptionRefusals {
  /** 400: the treatment redeems more of a category than one treatment may, or a certificate before its activation day. */
  invalid: FieldError[];
  /** 403 `not-eligible`: the member does not meet the variant's redemption criteria. */
  notEligible: FieldError[];
}

const dollars = (n: number) => (Number.isInteger(n) ? `$${n}` : `$${n.toFixed(2)}`);

/** The first day a certificate may be redeemed: `daysToRestrictRedemption` after the day it was issued. */
export const activationDay = (issuedOn: string, daysToRestrictRedemption: number): string => addDays(issuedOn, daysToRestrictRedemption);

/**
 * Decides, without I/O, which presented certificates a treatment on `dateOfService` may not redeem. Each refusal
 * names the code's place in the body (`body.redeemedCertificateCodes.{i}`). Certificates we do not know are left to
 * the treatment's record, as before: they redeem nothing and cannot be refused here.
 */
export function redemptionRefusals(
  presented: readonly PresentedCertificate[],
  dateOfService: string,
  admittedBy: (criteria: LogicalExpression | null) => boolean,
): RedemptionRefusals {
  const refusals: RedemptionRefusals = { invalid: [], notEligible: [] };
  const counted = new Map<string, number>();
  presented.forEach((p, i) => {
    const category = p.category;
    if (!category) return;
    const path = `body.redeemedCertificateCodes.${i}`;
    const n = (counted.get(category.code) ?? 0) + 1;
    counted.set(category.code, n);
    const max = category.quantityInOneTreatment;
    if (max !== null && n > max)
      refusals.invalid.push({ path, message: `is one ${category.name} certificate more than one treatment may redeem (at most ${max})` });
    if (p.issuedOn && category.daysToRestrictRedemption > 0) {
      const from = activationDay(p.issuedOn, category.daysToRestrictRedemption);
      if (dateOfService < from)
        refusals.invalid.push({ path, message: `cannot be redeemed before ${usDate(from)}, ${category.daysToRestrictRedemption} days after it was issued` });
    }
    if (!admittedBy(category.criteria))
      refusals.notEligible.push({
        path,
        message: `the member does not meet the redemption criteria of the ${p.amount === null ? '' : `${dollars(p.amount)} `}${category.name} certificate`,
      });
  });
  return refusals;
}

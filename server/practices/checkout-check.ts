import { redemptionRefusals, type PresentedCertificate } from '../certificate-categories/redemption-rules';
import type { LogicalExpression } from '../groups/group-expression';
import { unusableOnTreatment, type CertificateStanding } from '../certificates/usable-on-treatment';
import { estimatePoints } from '../treatments/earning-rules';
import type { RedeemedCertificate, TreatmentLineItem } from '../../event-schemas/treatment-recorded';

/** One of the patient's certificates as the desk's ticket sees it. */
export interface TicketCertificate {
  standing: CertificateStanding;
  presented: PresentedCertificate;
  redeemed: RedeemedCertificate;
}

export interface CertificateVerdict {
  code: string;
  chosen: boolean;
  applies: boolean;
  /** Why it cannot be used on this ticket, in words, each rule's own sentence; empty when it applies. */
  reasons: string[];
  /** What using it does besides paying (a category that restricts earnings); null when nothing. */
  note: string | null;
}

export interface TicketCheck {
  expectedPoints: number;
  certificates: CertificateVerdict[];
}

/**
 * What the ticket will do if recorded now, from the rules recording applies (no I/O): for each certificate, whether
 * it applies and why not (used, voided or expired by the date of service, its activation day, its category's most in
 * one treatment counted with the certificates already chosen, the member's redemption criteria); then the points the
 * ticket earns with the chosen ones that apply, as the record's answer will say.
 */
export function checkTicket(input: {
  certificates: readonly TicketCertificate[];
  chosen: readonly string[];
  lineItems: readonly TreatmentLineItem[];
  dateOfService: string;
  admittedBy: (criteria: LogicalExpression | null) => boolean;
  partnerDailyLimit: number;
}): TicketCheck {
  const chosen = input.certificates.filter((c) => input.chosen.includes(c.presented.code));
  const verdicts = input.certificates.map((c): CertificateVerdict => {
    const isChosen = chosen.includes(c);
    const reasons: string[] = [];
    const unusable = unusableOnTreatment(c.standing, input.dateOfService);
    if (unusable) reasons.push(unusable.message);
    // Counted as recording counts: the chosen ones before it, then it (a chosen one is judged at its own place).
    const others = isChosen ? chosen.slice(0, chosen.indexOf(c)) : chosen;
    const refusals = redemptionRefusals([...others.map((o) => o.presented), c.presented], input.dateOfService, input.admittedBy);
    const mine = `body.redeemedCertificateCodes.${others.length}`;
    for (const e of [...refusals.invalid, ...refusals.notEligible])
      if (e.path === mine) reasons.push(e.message.replace(/^is /, 'it is ').replace(/^the member/, 'the patient'));
    return {
      code: c.presented.code,
      chosen: isChosen,
      applies: reasons.length === 0,
      reasons,
      note: c.redeemed.nullifyAwards ? 'Using it, this treatment earns no points (its category restricts earnings).' : null,
    };
  });
  const applied = chosen.filter((c) => verdicts.find((v) => v.code === c.presented.code)?.applies).map((c) => c.redeemed);
  return {
    expectedPoints: estimatePoints(input.lineItems, applied, input.partnerDailyLimit),
    certificates: verdicts,
  };
}

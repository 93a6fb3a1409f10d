import type { CertificateStatus } from '../../event-schemas';
import type { Campaign } from './campaign';

/** The login-event code families of the member spec's offer-claim outcome (section 4), one per decision. */
export type ClaimDecision =
  { kind: 'ignore' } | { kind: 'refuse'; reason: 'ENDED' | 'NOT_MEMBER' | 'ALREADY_CLAIMED' } | { kind: 'issue'; claimNumber: number };

export interface ClaimFacts {
  /** Undefined when no campaign has this id. */
  campaign: Campaign | undefined;
  /** Today in the programme's time zone, YYYY-MM-DD. */
  today: string;
  /** Whether the member belongs to the campaign's group (true when it targets everyone). */
  inGroup: boolean;
  /** The statuses of the offers this member already got from this campaign, oldest first. */
  previousClaims: CertificateStatus[];
}

/**
 * Pure: what a sign-in through a campaign's marketing link earns.
 * - an unknown or DRAFT campaign is ignored (no dialog: the link is not live yet);
 * - outside its window, or ENDED: 'offer ended' (there is no separate "not started" text in the spec);
 * - a member outside its group: 'not eligible';
 * - one offer per member, unless the campaign allows reissuance and the earlier offers are no longer ACTIVE;
 * - otherwise a certificate is issued, numbered after the earlier ones so concurrent claims target one stream.
 */
export function decideOfferClaim(f: ClaimFacts): ClaimDecision {
  const c = f.campaign;
  if (!c || c.statusTypeCode === 'DRAFT') return { kind: 'ignore' };
  if (c.statusTypeCode === 'ENDED' || (c.fromDate !== null && f.today < c.fromDate) || (c.thruDate !== null && f.today > c.thruDate)) {
    return { kind: 'refuse', reason: 'ENDED' };
  }
  if (!f.inGroup) return { kind: 'refuse', reason: 'NOT_MEMBER' };
  const claimed = f.previousClaims.length > 0;
  if (claimed && (!c.allowReissuance || f.previousClaims.includes('ACTIVE'))) return { kind: 'refuse', reason: 'ALREADY_CLAIMED' };
  return { kind: 'issue', claimNumber: f.previousClaims.length };
}

export const claimEventCode = (decision: Exclude<ClaimDecision, { kind: 'ignore' }>, campaignId: number): string =>
  decision.kind === 'issue' ? `MKT_LOGIN_CERT_SUCCESS_${campaignId}` : `MKT_LOGIN_CERT_${decision.reason}_${campaignId}`;

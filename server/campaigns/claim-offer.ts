import type { SessionEvent } from '../../event-schemas/contract/session';
import { correlationId as newCorrelationId } from '../operations/request-context';
import { randomUUID } from 'node:crypto';
import { CertificateIssued, certificateStream, encodeEvent, type Actor } from '../../event-schemas';
import { newCertificateCode } from '../certificates/certificate-code';
import { evolveCertificate, initialCertificateState, type IssuedCertificate } from '../certificates/certificate-state';
import { loadStream } from '../core/command-handler';
import { deterministicUuid } from '../core/deterministic-id';
import { addDays, dateIn } from '../../event-schemas/calendar';
import type { Deps } from '../deps';
import { groupsContaining, participantFacts } from '../groups/group-repository';
import { WrongExpectedRevision } from '../../event-schemas/store/event-store';
import type { Campaign } from './campaign';
import { claimMailKey, claimPurpose, memberForMail, sendCampaignMail, type OfferFacts } from './campaign-mail';
import { findCampaign } from './campaign-repository';
import { claimEventCode, decideOfferClaim, type ClaimDecision } from './offer-claim-decision';

/** A login event of the member spec (a SessionEvent of the contract): the offer-claim dialog picks its outcome from the code's prefix. */
export interface ClaimLoginEvent extends SessionEvent {
  code: string;
  campaignId: number;
  certificateId?: string;
  activationDate?: string;
  expirationDate?: string;
}

// More claims than this from one campaign by one member would be an abuse of reissuance, not a use of it.
const MAX_CLAIMS = 50;
const certificateDecider = { evolve: evolveCertificate, initialState: initialCertificateState };

/** The n-th offer a member claims from a campaign lives on a stream named by (campaign, member, n). */
export const offerCertificateId = (campaignId: number, paxId: number, claimNumber: number) =>
  deterministicUuid(`dr-campaign-offer:${campaignId}:${paxId}:${claimNumber}`);

export const loadOffer = async (deps: Pick<Deps, 'store'>, campaignId: number, paxId: number, n: number) =>
  (await loadStream(deps.store, certificateDecider, certificateStream(offerCertificateId(campaignId, paxId, n)))).state;

/** The member's earlier offers from this campaign, oldest first, read from the event store (the read model may lag). */
async function previousClaims(deps: Pick<Deps, 'store'>, campaignId: number, paxId: number): Promise<IssuedCertificate[]> {
  const offers: IssuedCertificate[] = [];
  for (let n = 0; n < MAX_CLAIMS; n++) {
    const state = await loadOffer(deps, campaignId, paxId, n);
    if (state.kind === 'none') break;
    offers.push(state);
  }
  return offers;
}

async function categoryOf(deps: Pick<Deps, 'pool'>, code: string) {
  const r = await deps.pool.query<{ name: string; default_expiration_days: number }>(
    'SELECT name, default_expiration_days FROM certificate_categories WHERE code = $1',
    [code],
  );
  return r.rows[0];
}

/** Writes the offer's certificate; false when a concurrent claim created that stream first. */
export async function issueOffer(deps: Pick<Deps, 'pool' | 'store' | 'now'>, c: Campaign, paxId: number, claimNumber: number, today: string, actor: Actor) {
  const category = await categoryOf(deps, c.certificateCategoryCode!);
  const certificateId = offerCertificateId(c.id, paxId, claimNumber);
  const expirationDate = addDays(today, category?.default_expiration_days ?? 365);
  const event = CertificateIssued.of({
    certificateId,
    code: newCertificateCode(),
    paxId,
    amount: c.certificateAmount!,
    pointsCost: 0,
    name: category?.name ?? c.campaignName,
    certificateCategoryType: null,
    displayCategory: 'offer',
    status: 'ACTIVE',
    issuedAt: deps.now().toISOString(),
    expirationDate,
    campaignId: c.id,
    ...(category ? { certificateCategoryCode: c.certificateCategoryCode! } : {}),
  });
  const correlationId = newCorrelationId();
  try {
    await deps.store.appendToStream(
      certificateStream(certificateId),
      [encodeEvent(randomUUID(), event, { actor, correlationId, causationId: correlationId, occurredAt: event.data.issuedAt })],
      {
        expectedRevision: 'no_stream',
      },
    );
    return event.data;
  } catch (error) {
    if (error instanceof WrongExpectedRevision) return null;
    throw error;
  }
}

/**
 * Claims a campaign's offer for a member who signed in (or enrolled) through its marketing link. Answers the login
 * events to hand back: none for an unknown or draft campaign, or when the campaign asks for no login notification
 * (the offer is still issued and shows in the wallet).
 */
export async function claimOffer(
  deps: Pick<Deps, 'pool' | 'store' | 'now' | 'settings' | 'log'>,
  campaignId: number,
  paxId: number,
  actor: Actor,
): Promise<ClaimLoginEvent[]> {
  const campaign = await findCampaign(deps.pool, campaignId);
  const today = dateIn(deps.settings.timeZone, deps.now());
  let inGroup = true;
  if (campaign?.groupId != null) {
    const facts = await participantFacts(deps.pool, paxId, today);
    inGroup = facts !== undefined && (await groupsContaining(deps.pool, [campaign.groupId], facts)).has(campaign.groupId);
  }
  const earlier = campaign ? await previousClaims(deps, campaignId, paxId) : [];
  const decision: ClaimDecision = decideOfferClaim({ campaign, today, inGroup, previousClaims: earlier.map((o) => o.status) });
  if (decision.kind === 'ignore' || !campaign) return [];
  let event: ClaimLoginEvent;
  if (decision.kind === 'issue') {
    const issued = await issueOffer(deps, campaign, paxId, decision.claimNumber, today, actor);
    if (issued) {
      event = {
        code: claimEventCode(decision, campaignId),
        campaignId,
        certificateId: issued.certificateId,
        activationDate: today,
        expirationDate: issued.expirationDate,
      };
      await mailClaim(deps, campaign, paxId, decision.claimNumber, { ...issued, activationDate: today });
    } else {
      event = { code: claimEventCode({ kind: 'refuse', reason: 'ALREADY_CLAIMED' }, campaignId), campaignId };
      await catchUpClaimMail(deps, campaign, paxId, decision.claimNumber, await loadOffer(deps, campaignId, paxId, decision.claimNumber));
    }
  } else {
    event = { code: claimEventCode(decision, campaignId), campaignId };
    if (decision.reason === 'ALREADY_CLAIMED') await catchUpClaimMail(deps, campaign, paxId, earlier.length - 1, earlier[earlier.length - 1]);
  }
  return campaign.loginNotificationRequired ? [event] : [];
}

/**
 * The claim e-mail follows the append: the append goes through the event-store port (EventStoreDB in some
 * deployments), so it cannot share the outbox's transaction. The mail is keyed by certificate, so writing it again is
 * harmless; a failure is logged and does not undo the claim, whose dialog the member still sees.
 */
export async function mailClaim(deps: Pick<Deps, 'pool' | 'log' | 'settings'>, campaign: Campaign, paxId: number, claimNumber: number, offer: OfferFacts) {
  try {
    const member = await memberForMail(deps.pool, paxId);
    if (!member) return;
    await sendCampaignMail(deps, { campaign, purpose: claimPurpose(campaign.id, member, claimNumber), member, offer, key: claimMailKey(offer.certificateId) });
  } catch (error) {
    deps.log(`claim e-mail for certificate ${offer.certificateId} of campaign ${campaign.id} failed; the next claim attempt writes it`, error);
  }
}

/**
 * A claim refused as ALREADY_CLAIMED also finishes the e-mail of the offer that blocks it: a process that crashed
 * between appending the certificate and writing its mail, or a concurrent sign-in that won the race but has not written
 * it yet. The key makes the two one message, and the template follows from stored facts (claimPurpose), so either
 * writer picks the same one. Only offers issued with their campaign (which every mailing build records) and still
 * ACTIVE are caught up: an offer from before campaign e-mails existed gets none, a used one no longer needs one.
 */
export async function catchUpClaimMail(
  deps: Pick<Deps, 'pool' | 'log' | 'settings'>,
  campaign: Campaign,
  paxId: number,
  claimNumber: number,
  offer: IssuedCertificate | { kind: 'none' } | undefined,
) {
  if (offer?.kind !== 'issued' || offer.campaignId !== campaign.id || offer.status !== 'ACTIVE') return;
  await mailClaim(deps, campaign, paxId, claimNumber, { ...offer, activationDate: dateIn(deps.settings.timeZone, new Date(offer.issuedAt)) });
}

/**
 * The claim as part of a sign-in: a failure to claim must not fail the sign-in itself, so it is logged and the
 * member simply sees no dialog (the claim can be retried by signing in through the link again).
 */
export async function offerClaimEvents(
  deps: Pick<Deps, 'pool' | 'store' | 'now' | 'settings' | 'log'>,
  campaignId: number | undefined,
  paxId: number,
): Promise<ClaimLoginEvent[]> {
  if (campaignId === undefined) return [];
  try {
    return await claimOffer(deps, campaignId, paxId, { kind: 'participant', paxId });
  } catch (error) {
    deps.log(`offer claim for campaign ${campaignId} by participant ${paxId} failed`, error);
    return [];
  }
}

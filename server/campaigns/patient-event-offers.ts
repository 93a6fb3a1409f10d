import type pg from 'pg';
import { certificateStream, EventMetadata, type Actor, type EventOfType } from '../../event-schemas';
import { dateIn } from '../../event-schemas/calendar';
import { consuming, type Projection } from '../../projections/projection';
import type { Deps } from '../deps';
import { groupsContaining, participantFacts } from '../groups/group-repository';
import type { ParticipantFacts } from '../groups/evaluate-group';
import type { Campaign } from './campaign';
import { patientEventCampaigns } from './campaign-repository';
import { catchUpClaimMail, issueOffer, loadOffer, mailClaim } from './claim-offer';
import { patientOfferDue } from './patient-offer-decision';

export const PATIENT_EVENT_JOB = 'patient-event-offers';
const ACTOR: Actor = { kind: 'system', job: PATIENT_EVENT_JOB };
type OfferDeps = Pick<Deps, 'pool' | 'store' | 'now' | 'settings' | 'log'>;

// A patient-event offer takes the first offer stream of (campaign, member), the one a marketing-link claim would take:
// whichever comes first is the member's one offer from the campaign.
const FIRST_OFFER = 0;

const recordPatientOffer = (db: pg.PoolClient, campaignId: number, paxId: number, certificateId: string) =>
  db.query('INSERT INTO dr_campaign_patient_offers (campaign_id, pax_id, certificate_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
    campaignId,
    paxId,
    certificateId,
  ]);

/**
 * Issues one campaign's offer for a processed treatment. The append expects no stream, so a replay, a retry after a
 * crash, or a second server following the log cannot write a second offer. When the stream already exists, it is this
 * process's own earlier write when its first event names this job (then the record and the e-mail are finished), or
 * the member's claim through the marketing link (then there is nothing to do: they have their offer).
 */
async function issuePatientOffer(deps: OfferDeps, db: pg.PoolClient, campaign: Campaign, paxId: number, treatedOn: string) {
  const issued = await issueOffer(deps, campaign, paxId, FIRST_OFFER, treatedOn, ACTOR);
  if (issued) {
    await recordPatientOffer(db, campaign.id, paxId, issued.certificateId);
    await mailClaim(deps, campaign, paxId, FIRST_OFFER, { ...issued, activationDate: treatedOn });
    return;
  }
  const existing = await loadOffer(deps, campaign.id, paxId, FIRST_OFFER);
  if (existing.kind !== 'issued') return;
  const first = (await deps.store.readStream(certificateStream(existing.certificateId)))[0];
  const metadata = EventMetadata.decode(first?.metadata);
  const writer = metadata._tag === 'Right' ? metadata.right.actor : undefined;
  if (writer?.kind !== 'system' || writer.job !== PATIENT_EVENT_JOB) return;
  await recordPatientOffer(db, campaign.id, paxId, existing.certificateId);
  await catchUpClaimMail(deps, campaign, paxId, FIRST_OFFER, existing);
}

/**
 * A process on the projection runner (its own checkpoint, like the referral rewards): when a member's treatment is
 * processed, every ACTIVE campaign flagged `isPatientEvent` whose window covers that date and whose group holds the
 * member issues its offer, once per member and campaign. It reads campaigns as they are now but judges the window by
 * the date the treatment was processed, and skips campaigns created after it, so a replay issues nothing new.
 */
export const patientEventOffers = (deps: OfferDeps): Projection<EventOfType<'TreatmentProcessed'>> => ({
  name: PATIENT_EVENT_JOB,
  consumes: consuming<EventOfType<'TreatmentProcessed'>>()('TreatmentProcessed'),
  tables: [],
  liveKinds: [],
  async apply(db, e) {
    const campaigns = await patientEventCampaigns(db, e.metadata.occurredAt);
    if (campaigns.length === 0) return;
    const { paxId } = e.event.data;
    const treatedOn = dateIn(deps.settings.timeZone, new Date(e.metadata.occurredAt));
    let facts: ParticipantFacts | undefined | null = null;
    for (const campaign of campaigns) {
      let inGroup = true;
      if (campaign.groupId !== null) {
        if (facts === null) facts = await participantFacts(deps.pool, paxId, treatedOn);
        inGroup = facts !== undefined && (await groupsContaining(deps.pool, [campaign.groupId], facts)).has(campaign.groupId);
      }
      if (patientOfferDue({ campaign, treatedOn, inGroup })) await issuePatientOffer(deps, db, campaign, paxId, treatedOn);
    }
  },
});

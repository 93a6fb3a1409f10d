import type { DomainEvent } from '../../event-schemas';
import type { Projection, ProjectedEvent } from '../projection';
import { PointsBatch } from './points-batch';

/** The member an event moves the figures of, if any. */
const paxOf = (ev: DomainEvent): number | undefined => {
  switch (ev.type) {
    case 'PointsAwarded':
    case 'PointsRedeemed':
    case 'PointsExpired':
    case 'GiftCertificatesPurchased':
    case 'TreatmentRecorded':
    case 'TreatmentPointsComputed':
      return ev.data.paxId;
    default:
      return undefined;
  }
};

/** Balance, pending points and lots per member; the source of GET /points and of live `points` messages. */
export const memberPointsProjection: Projection = {
  name: 'member-points',
  tables: ['rm_member_points', 'rm_point_lots'],
  liveKinds: ['points'],
  apply: (db, e) => memberPointsProjection.applyAll!(db, [e]),
  async applyAll(db, events) {
    const paxIds = events.map((e) => paxOf(e.event)).filter((p): p is number => p !== undefined);
    if (paxIds.length === 0) return { paxIds: [] };
    const batch = await PointsBatch.load(db, paxIds);
    for (const e of events) await applyOne(batch, e);
    await batch.save();
    return { paxIds: [...new Set(paxIds)] };
  },
};

async function applyOne(batch: PointsBatch, e: ProjectedEvent): Promise<void> {
  switch (e.event.type) {
    case 'PointsAwarded': {
      const d = e.event.data;
      batch.addLot(d.paxId, { lotId: d.lotId, amount: d.amount, expirationDate: d.expirationDate, description: d.description, source: d.source, awardedAt: e.metadata.occurredAt });
      return batch.change(e, d.paxId, d.amount, 0, d.amount);
    }
    case 'PointsRedeemed': {
      const d = e.event.data;
      batch.spendLots(d.paxId, d.consumed);
      return batch.change(e, d.paxId, -d.amount, 0);
    }
    case 'PointsExpired': {
      const d = e.event.data;
      batch.spendLots(d.paxId, [d]);
      return batch.change(e, d.paxId, -d.amount, 0);
    }
    case 'GiftCertificatesPurchased': {
      const d = e.event.data;
      batch.spendLots(d.paxId, d.consumed);
      return batch.change(e, d.paxId, -d.pointsSpent, 0);
    }
    // A recorded treatment shows its estimate as pending until the member stream decides the award.
    case 'TreatmentRecorded': {
      const d = e.event.data;
      return batch.change(e, d.paxId, 0, d.expectedPoints);
    }
    // The estimate leaves pending; the PointsAwarded appended with this event adds the real award to the balance.
    case 'TreatmentPointsComputed': {
      const d = e.event.data;
      return batch.change(e, d.paxId, 0, -d.expectedPoints);
    }
    case 'TreatmentApprovalRequested':
    case 'TreatmentApproved':
    case 'TreatmentProcessed':
      return;
    // The certificates projection keeps these.
    case 'CertificateIssued':
    case 'CertificateStatusChanged':
    case 'OrderPlaced':
    case 'ImpersonationStarted':
    case 'ImpersonationEnded':
    // Survey points arrive as their own PointsAwarded.
    case 'SurveySubmitted':
    // Promotions live on their own streams and touch no member, certificate or treatment.
    case 'PromotionCreated':
    case 'PromotionStatusChanged':
      return;
    default: {
      const never: never = e.event;
      return never;
    }
  }
}

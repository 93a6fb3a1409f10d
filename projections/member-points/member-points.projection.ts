import type { EventOfType } from '../../event-schemas';
import { ERASED_TEXT } from '../../event-schemas/erased';
import { deferWrite } from '../batch-buffer';
import { applyAroundErasures } from '../erasure';
import { consuming, type Projection, type ProjectedEvent } from '../projection';
import { PointsBatch } from './points-batch';
import { repaymentFrom } from '../../event-schemas/points-reversed';

/** What moves a member's balance or pending points: the ledger's own events and a treatment's estimate. */
type Consumed = EventOfType<
  | 'PointsAwarded'
  | 'PointsRedeemed'
  | 'PointsExpired'
  | 'PointsForfeited'
  | 'GiftCertificatesPurchased'
  | 'TreatmentRecorded'
  | 'TreatmentPointsComputed'
  | 'PointsReversed'
  | 'MemberErased'
>;
type Moving = Exclude<Consumed, EventOfType<'MemberErased'>>;

/** Balance, pending points and lots per member; the source of GET /points and of live `points` messages. */
export const memberPointsProjection: Projection<Consumed> = {
  name: 'member-points',
  consumes: consuming<Consumed>()(
    'PointsAwarded',
    'PointsRedeemed',
    'PointsExpired',
    'PointsForfeited',
    'GiftCertificatesPurchased',
    'TreatmentRecorded',
    'TreatmentPointsComputed',
    'PointsReversed',
    'MemberErased',
  ),
  tables: ['rm_member_points', 'rm_point_lots'],
  liveKinds: ['points'],
  apply: (db, e) => memberPointsProjection.applyAll!(db, [e]),
  prefetch: (events) => (events.length === 0 ? undefined : PointsBatch.loadStatement(events.map((e) => e.event.data.paxId))),
  applyAll: (db, events) =>
    applyAroundErasures<Consumed>(
      events,
      async (run) => {
        const paxIds = run.map((e) => e.event.data.paxId);
        const batch = await PointsBatch.load(db, paxIds);
        for (const e of run) applyOne(batch, e);
        await batch.save();
        return { paxIds: [...new Set(paxIds)] };
      },
      // An award's description is free text an admin typed (it may name the person); the amounts stay.
      (paxId) => deferWrite(db, { sql: 'UPDATE rm_point_lots SET description = $2 WHERE pax_id = $1', values: [paxId, ERASED_TEXT] }),
    ),
};

function applyOne(batch: PointsBatch, e: ProjectedEvent<Moving>): void {
  switch (e.event.type) {
    case 'PointsAwarded': {
      const d = e.event.data;
      const repaid = repaymentFrom(batch.owedBy(d.paxId), d.amount);
      batch.addLot(d.paxId, {
        lotId: d.lotId,
        amount: d.amount,
        expirationDate: d.expirationDate,
        description: d.description,
        source: d.source,
        awardedAt: e.metadata.occurredAt,
        position: e.position,
      });
      // What pays back points a reversal left owed is spent from the lot as it arrives (member-state.ts does the same).
      if (repaid > 0) batch.spendLots(d.paxId, [{ lotId: d.lotId, amount: repaid }]);
      return batch.change(e, d.paxId, d.amount, 0, d.amount);
    }
    // A voided treatment: its points leave the lots that held them and the balance (below zero by what was owed); one
    // voided while pending stops showing its estimate.
    case 'PointsReversed': {
      const d = e.event.data;
      batch.spendLots(d.paxId, d.consumed);
      return batch.change(e, d.paxId, -d.amount, -d.pendingReleased, -d.amount);
    }
    case 'PointsRedeemed': {
      const d = e.event.data;
      batch.spendLots(d.paxId, d.consumed);
      return batch.change(e, d.paxId, -d.amount, 0);
    }
    case 'PointsExpired': {
      const d = e.event.data;
      batch.expireLot(d.paxId, { lotId: d.lotId, amount: d.amount, expiredAt: e.metadata.occurredAt, position: e.position });
      return batch.change(e, d.paxId, -d.amount, 0);
    }
    case 'PointsForfeited': {
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
    case 'TreatmentPointsComputed':
      {
        const d = e.event.data;
        return batch.change(e, d.paxId, 0, -d.expectedPoints);
      }
      return;
    default: {
      const never: never = e.event;
      return never;
    }
  }
}

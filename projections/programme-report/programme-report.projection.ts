import type { EventOfType } from '../../event-schemas';
import type { ReadModelSettings } from '../registry';
import { deferWrite } from '../batch-buffer';
import { programmeDays } from '../event-days';
import { consuming, type Projection, type ProjectedEvent } from '../projection';
import { HELD_LIMITS, HeldRebuild, type HeldLimits } from './held-rebuild';
import { ReportBatch } from './report-batch';

/** What moves the programme's liability and flows: the ledger's events and the certificates' lives. */
type Consumed = EventOfType<
  | 'PointsAwarded'
  | 'PointsRedeemed'
  | 'PointsExpired'
  | 'PointsForfeited'
  | 'GiftCertificatesPurchased'
  | 'CertificateIssued'
  | 'CertificateStatusChanged'
  | 'CertificateRedeemedOnTreatment'
  | 'CertificateRedemptionReleased'
  | 'CertificateTransferred'
  | 'PromotionAwardEarned'
  | 'PointsReversed'
>;

/** The members and certificates a batch of events moves, each once, in one pass. */
function keysOf(events: ProjectedEvent<Consumed>[]): [number[], string[]] {
  const members = new Set<number>();
  const certificates = new Set<string>();
  for (const e of events)
    switch (e.event.type) {
      case 'PointsAwarded':
      case 'PointsRedeemed':
      case 'PointsExpired':
      case 'PointsForfeited':
      case 'GiftCertificatesPurchased':
      case 'PointsReversed':
        members.add(e.event.data.paxId);
        break;
      // An issue too: a certificate's stream may hold two (the redeem route and the reconciler both write a missing one).
      case 'CertificateIssued':
      case 'CertificateStatusChanged':
      case 'CertificateRedeemedOnTreatment':
      case 'CertificateRedemptionReleased':
      case 'CertificateTransferred':
        certificates.add(e.event.data.certificateId);
        break;
      case 'PromotionAwardEarned':
        break;
      default: {
        const never: never = e.event;
        return never;
      }
    }
  return [[...members], [...certificates]];
}

/**
 * The programme report (GET /admin/reports/...): dated totals of points outstanding by expiry month, points flows,
 * members holding points or active, and active unused certificates. Each event counts on the programme day it
 * happened (its `occurredAt` in the programme's time zone), so the figures as of a day are the sums up to it. With
 * them, the rows the figures drill down to (GET /admin/reports/points-flow/entries and
 * /admin/reports/certificates/outstanding): a row per redemption, gift purchase and forfeit, and each member's holdings
 * of active unused certificates as spans of days. An award's row, and an expiry's, is its lot in the member-points read
 * model.
 */
export const programmeReportProjection = (settings: ReadModelSettings, limits: HeldLimits = HELD_LIMITS): Projection<Consumed> => {
  // A rebuild's totals, members and certificates, held from batch to batch and written at the end of its pass
  // (HeldRebuild). A log written member by member (the synthetic seed's, the bench's) puts most days and expiry months
  // in every batch, and adding to those rows batch after batch was most of what the report cost a rebuild.
  let held: HeldRebuild | undefined;
  // One Intl call per UTC day rather than per event, and each day one string: the totals' maps are keyed by it. An
  // event the activity dated already is not dated again (event-days.ts).
  const days = programmeDays(settings.timeZone);
  const projection: Projection<Consumed> = {
    name: 'programme-report',
    consumes: consuming<Consumed>()(
      'PointsAwarded',
      'PointsRedeemed',
      'PointsExpired',
      'PointsForfeited',
      'GiftCertificatesPurchased',
      'CertificateIssued',
      'CertificateStatusChanged',
      'CertificateRedeemedOnTreatment',
      'CertificateRedemptionReleased',
      'CertificateTransferred',
      'PromotionAwardEarned',
      'PointsReversed',
    ),
    tables: [
      'rm_report_members',
      'rm_report_daily',
      'rm_report_expiry_daily',
      'rm_report_certificates',
      'rm_report_certificate_daily',
      'rm_report_promotion_daily',
      'rm_report_point_entries',
      'rm_report_certificate_spans',
    ],
    // One row per spending event, written once (in a rebuild no row can be there before it).
    appendOnlyInRebuild: ['rm_report_point_entries'],
    liveKinds: [],
    apply: (db, e) => projection.applyAll!(db, [e]),
    prefetch: (events) => (events.length === 0 ? undefined : ReportBatch.loadStatement(...keysOf(events))),
    async applyAll(db, events, rebuild) {
      // Another rebuild's state (one that failed) is dropped with it. A rebuild whose batch fails fails whole, so
      // nothing is added twice.
      if (rebuild !== undefined && held?.rebuild !== rebuild) held = new HeldRebuild(rebuild, limits);
      const batch = await ReportBatch.load(db, ...keysOf(events), rebuild === undefined ? undefined : held);
      for (const e of events) applyOne(batch, days.ofEvent(e), e);
      await batch.save();
      // Admins' insight screens re-read the figures (server/live/hub.ts sends this topic to admins' streams only).
      return { paxIds: [], broadcasts: events.length > 0 ? ['reports'] : [] };
    },
    async finishRebuild(db, rebuild) {
      if (held?.rebuild !== rebuild) return;
      for (const statement of held.finish()) await deferWrite(db, statement);
    },
  };
  return projection;
};

function applyOne(batch: ReportBatch, day: string, e: ProjectedEvent<Consumed>): void {
  const at = e.position;
  switch (e.event.type) {
    case 'PointsAwarded': {
      const d = e.event.data;
      return batch.awarded(d.paxId, day, d);
    }
    case 'PointsRedeemed': {
      const d = e.event.data;
      return batch.spent(d.paxId, day, at, 'redeemed', d.amount, d.consumed);
    }
    case 'GiftCertificatesPurchased': {
      const d = e.event.data;
      return batch.spent(d.paxId, day, at, 'spent', d.pointsSpent, d.consumed);
    }
    case 'PointsExpired': {
      const d = e.event.data;
      return batch.expired(d.paxId, day, d.lotId, d.amount, d.expirationDate);
    }
    // An erased member's points leave the liability on the day of the erasure, as the points flow's `forfeited`.
    case 'PointsForfeited': {
      const d = e.event.data;
      return batch.forfeited(d.paxId, day, at, d.lotId, d.amount);
    }
    case 'CertificateIssued': {
      const d = e.event.data;
      // Category and value as the liability lists them (lower-cased display category, cents rounded from dollars).
      return batch.certificates.issued(day, d.certificateId, {
        paxId: d.paxId,
        category: d.displayCategory.toLowerCase(),
        cents: Math.round(d.amount * 100),
        status: d.status,
        used: false,
      });
    }
    case 'CertificateStatusChanged':
      return batch.certificates.changed(day, e.event.data.certificateId, { status: e.event.data.to });
    case 'CertificateRedeemedOnTreatment':
      return batch.certificates.changed(day, e.event.data.certificateId, { used: true });
    case 'CertificateRedemptionReleased':
      return batch.certificates.changed(day, e.event.data.certificateId, { used: false });
    case 'PointsReversed': {
      const d = e.event.data;
      return batch.reversed(d.paxId, day, at, d.amount, d.consumed);
    }
    // A gift given to another member: it counts the same, held by them from the day of the transfer.
    case 'CertificateTransferred':
      return batch.certificates.changed(day, e.event.data.certificateId, { paxId: e.event.data.toPaxId });
    // Counted on the treatment's date of service: a promotion's results are by the days it ran.
    case 'PromotionAwardEarned': {
      const d = e.event.data;
      return batch.promotionPaid(
        d.promotionId,
        d.dateOfService,
        d.awardType === 'POINT' ? d.amount : 0,
        d.awardType === 'CERTIFICATE' ? (d.certificate?.value ?? d.amount) : null,
      );
    }
    default: {
      const never: never = e.event;
      return never;
    }
  }
}

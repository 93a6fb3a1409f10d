import { ProgrammeDates } from '../../event-schemas/calendar';
import type { EventOfType } from '../../event-schemas';
import type { ReadModelSettings } from '../registry';
import { consuming, type Projection, type ProjectedEvent } from '../projection';
import { EntriesBatch } from './entries-batch';

/**
 * The programme report's events (projections/programme-report) but awards, and transfers: they move a certificate to
 * another member. An award's entry is its lot in the member-points read model (see flow-entries-query.ts).
 */
type Consumed = EventOfType<
  | 'PointsRedeemed'
  | 'PointsExpired'
  | 'PointsForfeited'
  | 'GiftCertificatesPurchased'
  | 'CertificateIssued'
  | 'CertificateStatusChanged'
  | 'CertificateRedeemedOnTreatment'
  | 'CertificateRedemptionReleased'
  | 'CertificateTransferred'
>;

const certificateIdOf = (e: ProjectedEvent<Consumed>): string | undefined =>
  e.event.type === 'CertificateIssued' ||
  e.event.type === 'CertificateStatusChanged' ||
  e.event.type === 'CertificateRedeemedOnTreatment' ||
  e.event.type === 'CertificateRedemptionReleased' ||
  e.event.type === 'CertificateTransferred'
    ? e.event.data.certificateId
    : undefined;

const certificateIdsOf = (events: ProjectedEvent<Consumed>[]): string[] => events.map(certificateIdOf).filter((c) => c !== undefined);

/**
 * The rows behind the programme report's figures (GET /admin/reports/points-flow/entries and
 * /admin/reports/certificates/outstanding): one per spending ledger event under its points-flow measure, and each member's
 * holdings of active unused certificates, from the day one began to count to the day it stopped. A read model of its
 * own, apart from the report's dated totals; both date an event by the programme day of its occurredAt, so the rows of
 * a figure add up to it.
 */
export const reportEntriesProjection = (settings: ReadModelSettings): Projection<Consumed> => {
  // One Intl call per UTC day rather than per event (see ProgrammeDates).
  const dates = new ProgrammeDates(settings.timeZone);
  const projection: Projection<Consumed> = {
    name: 'report-entries',
    consumes: consuming<Consumed>()(
      'PointsRedeemed',
      'PointsExpired',
      'PointsForfeited',
      'GiftCertificatesPurchased',
      'CertificateIssued',
      'CertificateStatusChanged',
      'CertificateRedeemedOnTreatment',
      'CertificateRedemptionReleased',
      'CertificateTransferred',
    ),
    tables: ['rm_report_point_entries', 'rm_report_certificate_spans', 'rm_report_entry_certificates'],
    liveKinds: [],
    apply: (db, e) => projection.applyAll!(db, [e]),
    prefetch: (events) => {
      const ids = certificateIdsOf(events);
      return ids.length === 0 ? undefined : EntriesBatch.loadStatement(ids);
    },
    async applyAll(db, events) {
      const batch = await EntriesBatch.load(db, certificateIdsOf(events));
      for (const e of events) applyOne(batch, dates.dateAt(Date.parse(e.metadata.occurredAt)), e);
      await batch.save();
      // The insight screen already re-reads on the report's own `reports` broadcast.
      return { paxIds: [] };
    },
  };
  return projection;
};

function applyOne(batch: EntriesBatch, day: string, e: ProjectedEvent<Consumed>): void {
  const at = e.position;
  switch (e.event.type) {
    case 'PointsRedeemed':
      return batch.points('redeemed', day, at, e.event.data.paxId, e.event.data.amount);
    case 'GiftCertificatesPurchased':
      return batch.points('spent', day, at, e.event.data.paxId, e.event.data.pointsSpent);
    case 'PointsExpired':
      return batch.points('expired', day, at, e.event.data.paxId, e.event.data.amount);
    case 'PointsForfeited':
      return batch.points('forfeited', day, at, e.event.data.paxId, e.event.data.amount);
    case 'CertificateIssued': {
      const d = e.event.data;
      // Category and value as the report counts them (lower-cased display category, cents rounded from dollars).
      return batch.certificateIssued(day, d.certificateId, {
        paxId: d.paxId,
        category: d.displayCategory.toLowerCase(),
        cents: Math.round(d.amount * 100),
        status: d.status,
        used: false,
      });
    }
    case 'CertificateStatusChanged':
      return batch.certificateChanged(day, e.event.data.certificateId, { status: e.event.data.to });
    case 'CertificateRedeemedOnTreatment':
      return batch.certificateChanged(day, e.event.data.certificateId, { used: true });
    case 'CertificateRedemptionReleased':
      return batch.certificateChanged(day, e.event.data.certificateId, { used: false });
    case 'CertificateTransferred':
      return batch.certificateChanged(day, e.event.data.certificateId, { paxId: e.event.data.toPaxId });
    default: {
      const never: never = e.event;
      return never;
    }
  }
}

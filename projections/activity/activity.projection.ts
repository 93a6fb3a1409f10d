import { treatmentEvents, type EventOfType, type TreatmentEvent } from '../../event-schemas';
import { WELCOME_DISPLAY_CATEGORY } from '../../event-schemas/certificate-issued';
import { consuming, type Projection, type ProjectedEvent } from '../projection';
import { applyAroundErasures } from '../erasure';
import { programmeDays, type ProgrammeDays } from '../event-days';
import { ActivityRows, type ActivityType } from './activity-rows';
import { eraseActivity } from './erase-activity';
import { awardLines, promotionAward, recordedDetail } from './treatment-detail';

/** Sources whose awards are their own activity; treatment and partner awards show on the treatment's row. */
const BONUS_SOURCES = new Set(['ADMIN', 'BONUS', 'SURVEY', 'PROMOTION', 'REFERRAL']);
/** Where the activity read model needs the programme's settings: the time zone of its calendar. */
export interface ActivitySettings {
  timeZone: string;
}

/** A treatment's own events, and the member's awards, redemptions and gift certificates. */
type Consumed =
  | TreatmentEvent
  | EventOfType<
      | 'TreatmentPointsComputed'
      | 'PointsAwarded'
      | 'PointsRedeemed'
      | 'PointsExpired'
      | 'PointsForfeited'
      | 'CertificateIssued'
      | 'CertificateTransferred'
      | 'PromotionAwardEarned'
      | 'PointsReversed'
      | 'MemberErased'
    >;
type Moving = Exclude<Consumed, EventOfType<'MemberErased'>>;
type Of<T extends Consumed['type']> = Extract<Consumed, { type: T }>['data'];

/**
 * The one rule for certificates (issue 54, item 13): every certificate that reaches a member's wallet is a row of their
 * activity, once. Where what paid for it is already a row, that row is the certificate's: a reward is its redemption's
 * POINTS REDEEMED (a certificate that cost points and is no purchase), a promotion's certificate its PROMOTION CERTIFICATE (written from PromotionAwardEarned, which names
 * the promotion). Every other certificate is its own row when issued (the welcome certificate, one bought with points,
 * a campaign's offer, and any kind added later), and a gift claimed from a friend is a row for its recipient when
 * claimed. The campaign offer and the claimed gift, both in the wallet, had none.
 */
const boughtByRedeeming = (d: Of<'CertificateIssued'>) => d.certificateCategoryType !== 'PURCHASABLE' && d.pointsCost > 0;
const ownActivityRow = (d: Of<'CertificateIssued'>) => !boughtByRedeeming(d) && d.displayCategory !== 'promotion';
const issueRowId = (certificateId: string) => `certificate-${certificateId}`;
const claimedGiftRowId = (certificateId: string) => `gift-claimed-${certificateId}`;

const issueRowType = (d: Of<'CertificateIssued'>): ActivityType =>
  d.displayCategory === WELCOME_DISPLAY_CATEGORY
    ? 'WELCOME CERTIFICATE'
    : d.certificateCategoryType === 'PURCHASABLE'
      ? 'ASPIRE GIFT CERTIFICATES'
      : 'CERTIFICATE OFFER';
const issueRowDescription = (d: Of<'CertificateIssued'>): string => {
  if (d.displayCategory === WELCOME_DISPLAY_CATEGORY) return `${d.name}: $${d.amount} toward a treatment, for joining`;
  if (d.certificateCategoryType === 'PURCHASABLE') return d.name;
  return `Offer: ${certificatePhrase(d.amount, d.name)}`;
};

/** A promotion's certificate is its own activity row (a promotion's points already are, as their PointsAwarded). */
const promotionCertificateRowId = (certificateId: string) => `promotion-certificate-${certificateId}`;

/**
 * "a $25 Sparkle Offer Certificate", not "…Offer Certificate certificate": the noun is added only when the name lacks
 * it, and the amount only when the name does not already say it ("$50 Aspire Gift Certificate").
 */
export const certificatePhrase = (value: number, name: string): string => {
  const noun = /certificate$/i.test(name.trim()) ? name.trim() : `${name.trim()} certificate`;
  return /\$\d/.test(noun) ? `a ${noun}` : `a $${value} ${noun}`;
};

/** One row per expired lot: a lot expires once, with what was left of it. */
export const expiredRowId = (lotId: string) => `expired-${lotId}`;
export const EXPIRED_DESCRIPTION = 'Points expired';
export const forfeitedRowId = (lotId: string) => `forfeited-${lotId}`;
export const FORFEITED_DESCRIPTION = 'Points forfeited: the account was erased';
/** A voided treatment's points taken back: a row of its own, dated the void, naming the treatment. */
export const reversedRowId = (treatmentId: string) => `reversed-${treatmentId}`;
export const reversedDescription = (dateOfService: string) => `Points reversed: the treatment of ${dateOfService} was voided`;

/** The activity rows an event writes (the projection reads them all for a batch at once). */
const rowIdsOf = (ev: Moving): string[] => {
  if (ev.type === 'PromotionAwardEarned')
    return ev.data.certificate ? [ev.data.treatmentId, promotionCertificateRowId(ev.data.certificate.certificateId)] : [ev.data.treatmentId];
  // The recipient's row is written from the buyer's: what the gift is was recorded there when it was bought.
  if (ev.type === 'CertificateTransferred') return [issueRowId(ev.data.certificateId), claimedGiftRowId(ev.data.certificateId)];
  const id = rowIdOf(ev);
  return id === undefined ? [] : [id];
};

const rowIdOf = (ev: Exclude<Moving, EventOfType<'PromotionAwardEarned' | 'CertificateTransferred'>>): string | undefined => {
  switch (ev.type) {
    case 'TreatmentRecorded':
    case 'TreatmentApproved':
    case 'TreatmentPointsComputed':
    case 'TreatmentProcessed':
    case 'TreatmentVoided':
      return ev.data.treatmentId;
    case 'PointsReversed':
      return ev.data.amount > 0 ? reversedRowId(ev.data.treatmentId) : undefined;
    case 'PointsAwarded':
      return BONUS_SOURCES.has(ev.data.source) ? `award-${ev.data.lotId}` : undefined;
    case 'PointsRedeemed':
      return `redeem-${ev.data.certificateId}`;
    case 'PointsExpired':
      return expiredRowId(ev.data.lotId);
    case 'PointsForfeited':
      return forfeitedRowId(ev.data.lotId);
    case 'CertificateIssued':
      return ownActivityRow(ev.data) ? issueRowId(ev.data.certificateId) : undefined;
    default:
      return undefined;
  }
};

/** The member's activity headers with their detail (member spec section 2 "Activity summary"). */
export const activityProjection = (settings: ActivitySettings): Projection<Consumed> => {
  // Non-treatment activity is dated in the programme's time zone, as the member sees the calendar.
  // One Intl call per UTC day rather than per event (see ProgrammeDates), and an event's day worked out once for every
  // read model that dates it (event-days.ts).
  const days = programmeDays(settings.timeZone);
  const projection: Projection<Consumed> = {
    name: 'activity',
    consumes: consuming<Consumed>()(
      ...treatmentEvents.definitions.map((d) => d.type),
      'TreatmentPointsComputed',
      'PointsAwarded',
      'PointsRedeemed',
      'PointsExpired',
      'PointsForfeited',
      'CertificateIssued',
      'CertificateTransferred',
      'PromotionAwardEarned',
      'PointsReversed',
      'MemberErased',
    ),
    tables: ['rm_activity'],
    liveKinds: ['activity'],
    apply: (db, e) => projection.applyAll!(db, [e]),
    prefetch(events) {
      const ids = events.flatMap((e) => (e.event.type === 'MemberErased' ? [] : rowIdsOf(e.event)));
      return ids.length === 0 ? undefined : ActivityRows.loadStatement(ids);
    },
    applyAll: (db, events) =>
      applyAroundErasures<Consumed>(
        events,
        async (run) => {
          const ids = run.flatMap((e) => rowIdsOf(e.event));
          if (ids.length === 0) return { paxIds: [] };
          const rows = await ActivityRows.load(db, ids);
          const touched = new Set<number>();
          for (const e of run) for (const p of applyOne(rows, e, days)?.paxIds ?? []) touched.add(p);
          await rows.save();
          return { paxIds: [...touched] };
        },
        (paxId) => eraseActivity(db, paxId),
      ),
  };
  return projection;
};

/** One event's change to the held rows, in memory (no await: see ActivityRows.tell). */
function applyOne(rows: ActivityRows, e: ProjectedEvent<Moving>, days: ProgrammeDays): { paxIds: number[] } | undefined {
  const ev = e.event;
  switch (ev.type) {
    case 'TreatmentRecorded': {
      const d: Of<'TreatmentRecorded'> = ev.data;
      const description = `Treatment with ${d.hcpName}`;
      rows.insert(
        e,
        d.paxId,
        { id: d.treatmentId, activityType: 'TREATMENT PENDING', activityDate: d.dateOfService, points: d.expectedPoints, description },
        recordedDetail(d),
      );
      return { paxIds: [d.paxId] };
    }
    case 'TreatmentApproved':
      rows.update(e, ev.data.treatmentId, (c) => ({ ...c, detail: { ...c.detail, treatmentStatus: 'PENDING' } }));
      return { paxIds: [ev.data.paxId] };
    case 'TreatmentPointsComputed': {
      const d = ev.data;
      rows.update(e, d.treatmentId, (c) => ({
        activityType: 'TREATMENT',
        points: d.totalAwarded,
        detail: { ...c.detail, treatmentLineItems: awardLines(c.detail, d.lines), whyNoPoints: d.reasons },
      }));
      return { paxIds: [d.paxId] };
    }
    case 'TreatmentProcessed':
      rows.update(e, ev.data.treatmentId, (c) => ({ ...c, detail: { ...c.detail, treatmentStatus: 'PROCESSED' } }));
      return { paxIds: [ev.data.paxId] };
    case 'PointsAwarded': {
      const d = ev.data;
      if (!BONUS_SOURCES.has(d.source)) return;
      const row = {
        id: `award-${d.lotId}`,
        activityType: 'BONUS POINTS EARNED' as const,
        activityDate: days.ofEvent(e),
        points: d.amount,
        description: d.description,
      };
      rows.insert(e, d.paxId, row, { description: d.description, amount: d.amount, expirationDate: d.expirationDate, source: d.source });
      return { paxIds: [d.paxId] };
    }
    // Points spent are negative, as the ledger has them: the activity's points add up to the balance's moves.
    case 'PointsRedeemed': {
      const d = ev.data;
      const row = {
        id: `redeem-${d.certificateId}`,
        activityType: 'POINTS REDEEMED' as const,
        activityDate: days.ofEvent(e),
        points: -d.amount,
        description: `Redeemed for a $${d.value} reward`,
      };
      rows.insert(e, d.paxId, row, {
        certificateId: d.certificateId,
        code: d.certificateCode,
        amount: d.amount,
        value: d.value,
        expirationDate: d.expirationDate,
      });
      return { paxIds: [d.paxId] };
    }
    // Expired points leave the balance, so they are a row too, dated the day they expired: the activity read whole
    // adds up to the balance (activity-query.ts shows lots already overdue before the nightly job writes this).
    case 'PointsExpired': {
      const d = ev.data;
      const row = {
        id: expiredRowId(d.lotId),
        activityType: 'POINTS EXPIRED' as const,
        activityDate: d.expirationDate,
        points: -d.amount,
        description: EXPIRED_DESCRIPTION,
      };
      rows.insert(e, d.paxId, row, { lotId: d.lotId, amount: d.amount, expirationDate: d.expirationDate });
      return { paxIds: [d.paxId] };
    }
    // An erasure's forfeits leave the balance too: a row each, so the activity still adds up to the ledger.
    case 'PointsForfeited': {
      const d = ev.data;
      const row = {
        id: forfeitedRowId(d.lotId),
        activityType: 'POINTS FORFEITED' as const,
        activityDate: days.ofEvent(e),
        points: -d.amount,
        description: FORFEITED_DESCRIPTION,
      };
      rows.insert(e, d.paxId, row, { lotId: d.lotId, amount: d.amount, reason: d.reason });
      return { paxIds: [d.paxId] };
    }
    case 'CertificateIssued': {
      const d = ev.data;
      if (!ownActivityRow(d)) return;
      const row = {
        id: issueRowId(d.certificateId),
        activityType: issueRowType(d),
        activityDate: days.ofInstant(d.issuedAt),
        points: -d.pointsCost,
        description: issueRowDescription(d),
      };
      rows.insert(e, d.paxId, row, {
        certificateId: d.certificateId,
        name: d.name,
        code: d.code,
        amount: d.amount,
        expirationDate: d.expirationDate,
      });
      return { paxIds: [d.paxId] };
    }
    // A gift claimed from a friend: the recipient's row, costing them nothing, dated the claim; the buyer's row stays
    // theirs (the points they spent). It names no one: the sender's name is the buyer's personal data, blanked when
    // the buyer is erased, and the row is the recipient's.
    case 'CertificateTransferred': {
      const d = ev.data;
      const bought = rows.detailOf(issueRowId(d.certificateId));
      if (!bought) return;
      const name = String(bought.name);
      const row = {
        id: claimedGiftRowId(d.certificateId),
        activityType: 'GIFT CERTIFICATE CLAIMED' as const,
        activityDate: days.ofEvent(e),
        points: 0,
        description: `Gift claimed: ${certificatePhrase(Number(bought.amount), name)}`,
      };
      rows.insert(e, d.toPaxId, row, { certificateId: d.certificateId, name, amount: bought.amount, expirationDate: bought.expirationDate });
      return { paxIds: [d.toPaxId] };
    }
    // The treatment's detail lists what each promotion paid for it (the spec's promotionAwards); a certificate is also
    // its own row, as the points are (their PointsAwarded, source PROMOTION).
    case 'PromotionAwardEarned': {
      const d = ev.data;
      rows.update(e, d.treatmentId, (c) => ({
        ...c,
        detail: { ...c.detail, promotionAwards: [...((c.detail.promotionAwards as unknown[] | undefined) ?? []), promotionAward(d)] },
      }));
      if (d.certificate) {
        const row = {
          id: promotionCertificateRowId(d.certificate.certificateId),
          activityType: 'PROMOTION CERTIFICATE' as const,
          activityDate: days.ofEvent(e),
          points: 0,
          description: `${d.promotionName}: ${certificatePhrase(d.certificate.value, d.certificate.name)}`,
        };
        rows.insert(e, d.paxId, row, {
          certificateId: d.certificate.certificateId,
          name: d.certificate.name,
          amount: d.certificate.value,
          expirationDate: d.expirationDate,
          promotion: { id: d.promotionId, name: d.promotionName },
        });
      }
      return { paxIds: [d.paxId] };
    }
    // The treatment's row says it was voided. One still pending earns nothing now, so its row shows 0 rather than its
    // estimate (and counts in the sum like any processed treatment); one already awarded keeps its points, and the
    // reversal that takes them back is a row of its own.
    case 'TreatmentVoided':
      rows.update(e, ev.data.treatmentId, (c) =>
        c.activityType === 'TREATMENT PENDING'
          ? { activityType: 'TREATMENT', points: 0, detail: { ...c.detail, treatmentStatus: 'VOIDED' } }
          : { ...c, detail: { ...c.detail, treatmentStatus: 'VOIDED' } },
      );
      return { paxIds: [ev.data.paxId] };
    case 'PointsReversed': {
      const d = ev.data;
      if (d.amount === 0) return;
      const row = {
        id: reversedRowId(d.treatmentId),
        activityType: 'POINTS REVERSED' as const,
        activityDate: days.ofEvent(e),
        points: -d.amount,
        description: reversedDescription(d.dateOfService),
      };
      rows.insert(e, d.paxId, row, { treatmentId: d.treatmentId, dateOfService: d.dateOfService, amount: d.amount, owed: d.owed });
      return { paxIds: [d.paxId] };
    }
    case 'TreatmentApprovalRequested':
      return;
    default: {
      const never: never = ev;
      return never;
    }
  }
}

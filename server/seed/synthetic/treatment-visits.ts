import { TreatmentProcessed, TreatmentRecorded, streamName, type Actor } from '../../../event-schemas';
import { addDays } from '../../../event-schemas/calendar';
import type { RedeemedCertificate, TreatmentLineItem } from '../../../event-schemas/treatment-recorded';
import { redeemOnTreatment } from '../../certificates/redeem-on-treatment';
import { deterministicUuid } from '../../core/deterministic-id';
import { payPromotion, promotionCertificateId } from '../../promotions/pay-promotion';
import { payoutKey } from '../../promotions/payout-state';
import { paysFor } from '../../promotions/promotion-payouts';
import { earnTreatmentPoints } from '../../treatments/earn-treatment-points';
import { estimatePoints } from '../../treatments/earning-rules';
import type { HistoryContext } from './history-context';
import { dateOf, nextDay, nightly } from './instants';
import { considerRedeeming } from './reward-redemptions';
import { HCP_NAMES, visitLines } from './visits';

/**
 * The member's visits over their time in the programme: treatments of one brand, sometimes a partner purchase, sometimes
 * a certificate applied. Each is recorded by the practice, processed by that night's run (points, and the promotion's
 * payout), and may lead to a redemption.
 */
export function scheduleVisits(h: HistoryContext, visits: number, brand: string): void {
  for (let v = 0; v < visits; v++) {
    const date = addDays(h.enrolledDate, h.random.int(0, h.daysEnrolled - 1));
    const lines = visitLines(h.random, h.c.products, brand);
    h.agenda.add(h.during(date), (at) => recordTreatment(h, `${v}`, date, lines, at));
  }
}

function recordTreatment(h: HistoryContext, visit: string, dateOfService: string, lineItems: TreatmentLineItem[], at: string): void {
  const { c, random, ledger, paxId } = h;
  const usable = ledger.held.find((held) => !held.usedOn && held.expirationDate >= dateOfService && held.code);
  const redeemedCertificates: RedeemedCertificate[] = [];
  if (usable && random.chance(0.5)) {
    usable.usedOn = dateOfService;
    redeemedCertificates.push({
      code: usable.code,
      name: usable.name,
      amount: usable.amount,
      certificateCategoryType: null,
      categoryCode: usable.categoryCode,
      nullifyAwards: false,
    });
  }
  const externalId = `synthetic-${h.seed}-${h.n}-${visit}`;
  const treatmentId = deterministicUuid(`treatment|${c.practice.practiceId}|${externalId}`);
  const expectedPoints = estimatePoints(lineItems, redeemedCertificates, c.settings.partnerDailyPointsLimit);
  const practice: Actor = { kind: 'practice', practiceId: c.practice.practiceId, apiKeyId: c.practice.apiKeyId };
  const request = ledger.newId();
  // As the intake route does: each certificate named is used on its own stream first, then the treatment recorded.
  if (usable && redeemedCertificates.length)
    ledger.decideOnCertificate(
      usable.certificateId,
      redeemOnTreatment,
      { paxId, treatmentId, dateOfService, field: 'body.redeemedCertificates[0].code' },
      practice,
      at,
      { correlationId: request, causationId: request },
    );
  ledger.append(
    streamName('treatment', treatmentId),
    [
      TreatmentRecorded.of({
        treatmentId,
        externalId,
        paxId,
        practiceId: c.practice.practiceId,
        hcpName: random.pick(HCP_NAMES),
        dateOfService,
        status: 'PENDING',
        financed: false,
        lineItems,
        redeemedCertificates,
        expectedPoints,
      }),
    ],
    practice,
    at,
    { correlationId: request, causationId: request },
  );
  h.agenda.add(nightly(nextDay(dateOfService), 'process-treatments'), (processedAt) =>
    processTreatment(h, treatmentId, dateOfService, lineItems, redeemedCertificates, expectedPoints, processedAt),
  );
}

function processTreatment(
  h: HistoryContext,
  treatmentId: string,
  dateOfService: string,
  lineItems: TreatmentLineItem[],
  redeemedCertificates: RedeemedCertificate[],
  expectedPoints: number,
  at: string,
): void {
  const { c, ledger, paxId } = h;
  const today = dateOf(at);
  const decided = earnTreatmentPoints.decide(
    {
      treatmentId,
      paxId,
      dateOfService,
      lineItems,
      redeemedCertificates,
      expectedPoints,
      today,
      expiryMonths: c.settings.pointsExpiryMonths,
      partnerDailyLimit: c.settings.partnerDailyPointsLimit,
    },
    ledger.earning,
  );
  if (decided._tag === 'Left') return;
  const job: Actor = { kind: 'system', job: 'process-treatments' };
  const correlationId = ledger.newId();
  ledger.appendMember(decided.right, job, at, { correlationId, causationId: treatmentId });
  ledger.awarded(decided.right);
  const computed = decided.right.find((e) => e.type === 'TreatmentPointsComputed');
  const total = computed?.type === 'TreatmentPointsComputed' ? computed.data : undefined;
  ledger.append(
    streamName('treatment', treatmentId),
    [TreatmentProcessed.of({ treatmentId, paxId, pointsAwarded: total?.totalAwarded ?? 0, reasons: total?.reasons ?? [] })],
    job,
    at,
    { correlationId, causationId: treatmentId },
  );
  payPromotionFor(h, treatmentId, dateOfService, lineItems, at);
  considerRedeeming(h, today);
}

/** The payouts process's decision for a processed treatment, with the certificate it issues. */
function payPromotionFor(h: HistoryContext, treatmentId: string, dateOfService: string, lineItems: TreatmentLineItem[], at: string): void {
  const { c, ledger, paxId } = h;
  const p = c.promotion?.promotion;
  if (!p || !paysFor(p, dateOfService)) return;
  const today = dateOf(at);
  const decided = payPromotion.decide(
    {
      paxId,
      promotion: { promotionId: p.promotionId, revision: p.revision, name: p.name, payoutAndRules: p.payoutAndRules, certificate: c.promotion!.certificate },
      treatment: { treatmentId, dateOfService, lines: lineItems.map((l) => ({ productId: l.productId, quantity: l.quantity })) },
      today,
      expiryMonths: c.settings.pointsExpiryMonths,
    },
    ledger.payouts,
  );
  if (decided._tag === 'Left' || decided.right.length === 0) return;
  const actor: Actor = { kind: 'system', job: 'promotion-payouts' };
  const correlationId = ledger.newId();
  ledger.appendMember(decided.right, actor, at, { correlationId, causationId: correlationId });
  ledger.awarded(decided.right);
  const award = ledger.payouts.paid.get(payoutKey(p.promotionId, treatmentId));
  if (!award?.certificate) return;
  const certificateId = promotionCertificateId(p.promotionId, treatmentId);
  ledger.issue(
    {
      certificateId,
      code: ledger.nextCode(),
      paxId,
      amount: award.certificate.value,
      pointsCost: 0,
      name: award.certificate.name,
      certificateCategoryType: null,
      displayCategory: 'promotion',
      certificateCategoryCode: award.certificate.categoryCode,
      status: 'ACTIVE',
      issuedAt: at,
      expirationDate: award.expirationDate,
    },
    actor,
    at,
    { correlationId, causationId: correlationId },
    deterministicUuid(`issued|${certificateId}`),
  );
}

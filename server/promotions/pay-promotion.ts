import { right } from 'fp-ts/Either';
import { PointsAwarded, PromotionAwardEarned, type MemberEvent } from '../../event-schemas';
import type { PayoutAndRules } from '../../event-schemas/promotion-payout';
import type { Decider } from '../core/decider';
import { deterministicUuid } from '../core/deterministic-id';
import { bestRule, cappedAmount, type MeasuredLine } from './payout-rules';
import { evolvePayouts, initialPayoutState, payoutKey, promotionDayKey, type PayoutState } from './payout-state';
import { addDays, addMonths } from '../../event-schemas/calendar';

/** The certificate a CERTIFICATE promotion issues, as its category stood when the payout was decided. */
export interface AwardCertificate {
  categoryCode: string;
  name: string;
  value: number;
  expirationDays: number;
}

export interface PayPromotion {
  paxId: number;
  promotion: { promotionId: string; revision: number; name: string; payoutAndRules: PayoutAndRules; certificate: AwardCertificate | null };
  treatment: { treatmentId: string; dateOfService: string; lines: readonly MeasuredLine[] };
  /** Today in the programme's time zone: points expire `expiryMonths` from it, certificates their category's days. */
  today: string;
  expiryMonths: number;
}

/** The lot of a promotion's points for one treatment: also what makes the credit itself unique. */
export const promotionLotId = (promotionId: string, treatmentId: string) => `promotion-${promotionId}-${treatmentId}`;
/** The certificate a promotion issues for one treatment has one stream, whoever issues it and however often. */
export const promotionCertificateId = (promotionId: string, treatmentId: string) => deterministicUuid(`promotion-certificate|${promotionId}|${treatmentId}`);

/**
 * Decides one promotion's payout for one processed treatment on the member stream, at its expected revision: a
 * treatment pays a promotion at most once (a replay, a second job run or a second server decides nothing), and the
 * promotion's daily cap holds when two treatments of one day are paid at once.
 */
export const payPromotion: Decider<PayPromotion, PayoutState, MemberEvent> = {
  initialState: initialPayoutState,
  evolve: evolvePayouts,
  decide: (c, state) => {
    const { promotion: p, treatment: tr } = c;
    if (state.paid.has(payoutKey(p.promotionId, tr.treatmentId))) return right([]);
    // A voided treatment pays no promotion, even when its payout is decided after the void.
    if (state.reversedTreatments.has(tr.treatmentId)) return right([]);
    const result = bestRule(p.payoutAndRules.rules, tr.lines);
    if (!result) return right([]);
    const base = {
      paxId: c.paxId,
      promotionId: p.promotionId,
      promotionRevision: p.revision,
      promotionName: p.name,
      ruleId: result.rule.ruleId,
      ruleName: result.rule.name,
      treatmentId: tr.treatmentId,
      dateOfService: tr.dateOfService,
      units: result.units,
      tierTarget: result.tier.target,
    };
    if (p.payoutAndRules.awardType === 'CERTIFICATE') {
      if (!p.certificate) return right([]);
      const certificateId = promotionCertificateId(p.promotionId, tr.treatmentId);
      return right([
        PromotionAwardEarned.of({
          ...base,
          awardType: 'CERTIFICATE',
          amount: p.certificate.value,
          requested: p.certificate.value,
          expirationDate: addDays(c.today, p.certificate.expirationDays),
          lotId: null,
          certificate: { certificateId, categoryCode: p.certificate.categoryCode, name: p.certificate.name, value: p.certificate.value },
        }),
      ]);
    }
    const already = state.pointsByPromotionDay.get(promotionDayKey(p.promotionId, tr.dateOfService)) ?? 0;
    const amount = cappedAmount(result.amount, p.payoutAndRules.rewardDailyCap, already);
    if (amount === 0) return right([]);
    const lotId = promotionLotId(p.promotionId, tr.treatmentId);
    const expirationDate = addMonths(c.today, c.expiryMonths);
    const unitsWord = result.units === 1 ? 'unit' : 'units';
    return right([
      PromotionAwardEarned.of({ ...base, awardType: 'POINT', amount, requested: result.amount, expirationDate, lotId, certificate: null }),
      PointsAwarded.of({
        paxId: c.paxId,
        lotId,
        amount,
        description: `${p.name}: ${result.units} ${unitsWord} on ${tr.dateOfService}`,
        source: 'PROMOTION',
        expirationDate,
        idempotencyKey: null,
      }),
    ]);
  },
};

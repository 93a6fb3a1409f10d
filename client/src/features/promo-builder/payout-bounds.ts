import { amountError, AMOUNT_BOUNDS, isAboveUsual, type AmountField } from '../../../../event-schemas/contract/amount-bounds';
import type { FieldErrors, PromotionDraft } from './promo-draft';

/*
 * The payout step's money and points against the shared bounds (event-schemas/contract/amount-bounds.ts), before
 * anything is sent: a value the server would refuse is named on its field in the server's words, and a payout far
 * above the usual is put in figures before it is published.
 */

const WHOLE = /^\s*\d+\s*$/;

/** An amount as typed: blank is no value, a whole number is checked against its bound, anything else is not a number. */
const checkTyped = (text: string, field: AmountField, optional: boolean): string | null => {
  if (text.trim() === '') return optional ? null : 'is required';
  if (!WHOLE.test(text)) return /^\s*-/.test(text) ? amountError(field, -1) : 'must be a whole number, written in digits';
  return amountError(field, Number(text));
};

/** Every amount of the payout step past its bound, keyed as the server's paths are (all at once, not in waves). */
export const payoutAmountErrors = (d: PromotionDraft): FieldErrors => {
  const out: FieldErrors = {};
  const put = (key: string, message: string | null) => message && (out[key] = message);
  if (d.awardType === 'POINT') put('payoutAndRules.rewardDailyCap', checkTyped(d.rewardDailyCap, 'promotionDailyCap', true));
  d.rules.forEach((rule, i) =>
    rule.tiers.forEach((t, j) => {
      const at = `payoutAndRules.rules.${i}.tiers.${j}`;
      put(`${at}.award`, checkTyped(t.award, 'promotionAward', false));
      put(`${at}.min`, checkTyped(t.min, 'promotionTierLimit', true));
      put(`${at}.max`, checkTyped(t.max, 'promotionTierLimit', true));
    }),
  );
  return out;
};

const whole = (text: string): number | null => (WHOLE.test(text) ? Number(text) : null);

/**
 * The most points one treatment can be paid: the best rule's best tier (a flat award once, a per-unit award bounded
 * only by its maximum), then the daily cap. Infinity when a per-unit tier has no maximum and there is no cap.
 */
export const mostPointsPerTreatment = (d: PromotionDraft): number => {
  const perRule = d.rules.map((rule) =>
    Math.max(
      0,
      ...rule.tiers.map((t) => {
        const award = whole(t.award) ?? 0;
        const max = whole(t.max);
        const most = t.payMethod === 'flat' ? award : award === 0 ? 0 : Infinity;
        return max === null ? most : Math.min(most, max);
      }),
    ),
  );
  const best = Math.max(0, ...perRule);
  const cap = whole(d.rewardDailyCap);
  return cap === null ? best : Math.min(best, cap);
};

/**
 * The second confirmation's words when a points promotion pays far above the usual, or null when it does not:
 * "This pays up to N points per treatment. Publish?".
 */
export const unusualPayoutQuestion = (d: PromotionDraft): string | null => {
  if (d.awardType !== 'POINT') return null;
  const most = mostPointsPerTreatment(d);
  const awards = d.rules.flatMap((r) => r.tiers.map((t) => whole(t.award) ?? 0));
  const highestAward = Math.max(0, ...awards);
  if (Number.isFinite(most))
    return isAboveUsual('promotionTierLimit', most) ? `This pays up to ${most.toLocaleString('en-US')} points per treatment. Publish?` : null;
  if (!isAboveUsual('promotionAward', highestAward)) return null;
  return `This pays ${highestAward.toLocaleString('en-US')} points per unit treated, with no maximum per treatment or day (usually at most ${AMOUNT_BOUNDS.promotionAward.usual.toLocaleString('en-US')} a unit). Publish?`;
};

/**
 * What publishing needs that the form can see is missing, in the server's words (server/promotions/wizard-record.ts
 * recordErrors): checked before "Publish?" is asked, so an empty promotion is not confirmed first and refused after.
 */
export const missingBeforePublish = (d: PromotionDraft): FieldErrors => {
  const out: FieldErrors = {};
  const required = (value: string, key: string) => value.trim() === '' && (out[key] = 'is required');
  required(d.name, 'overview.name');
  required(d.promotionCode, 'overview.promotionCode');
  required(d.fromDate, 'overview.fromDate');
  required(d.thruDate, 'overview.thruDate');
  if (d.awardType === 'CERTIFICATE' && d.certificateCategoryCode.trim() === '')
    out['payoutAndRules.certificateCategoryCode'] = 'is required when the award is a certificate';
  d.rules.forEach((rule, i) =>
    rule.tiers.forEach((t, j) => {
      if (t.target.trim() === '') out[`payoutAndRules.rules.${i}.tiers.${j}.target`] = 'is required (the units a treatment must reach)';
    }),
  );
  return out;
};

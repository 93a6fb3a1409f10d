import { promotionRecordProblems, type PromotionRuleFacts, type RecordPurpose } from '../../../../event-schemas/contract/promotion-rules';
import { programmeToday } from '../../lib/programme-calendar';
import type { FieldErrors, PromotionDraft } from './promo-draft';

const WHOLE = /^\s*\d+\s*$/;

/** A target as typed: none is 0 (required), anything else its number, which the rule refuses unless a whole one above 0. */
const typedTarget = (text: string): number => (text.trim() === '' ? 0 : Number(text.trim()));
/** A limit as typed: a whole number, else none here (the amount bounds name what is wrong with it). */
const typedLimit = (text: string): number | null => (WHOLE.test(text) ? Number(text) : null);

/** The draft as the shared record rule reads it. */
export const ruleFactsOf = (d: PromotionDraft): PromotionRuleFacts => ({
  name: d.name.trim(),
  promotionCode: d.promotionCode.trim(),
  fromDate: d.fromDate,
  thruDate: d.thruDate,
  groupIds: d.groupId === null ? [] : [d.groupId],
  certificateCategoryCode: d.certificateCategoryCode.trim() || null,
  payoutAndRules: {
    awardType: d.awardType,
    rules: d.rules.map((r) => ({
      ...(r.ruleId ? { ruleId: r.ruleId } : {}),
      metricIds: r.metricIds,
      tiers: r.tiers.map((t) => ({ target: typedTarget(t.target), min: typedLimit(t.min), max: typedLimit(t.max) })),
    })),
  },
});

/**
 * Every problem the server's record rule would find (event-schemas/contract/promotion-rules.ts), keyed by field,
 * all at once (issue 54, item 2: a tier of -5 units, a minimum above the maximum and reversed dates passed the form
 * and were refused one per attempt, after "Publish this promotion?").
 */
export const recordProblemsOf = (d: PromotionDraft, purpose: RecordPurpose, today = programmeToday()): FieldErrors => {
  const out: FieldErrors = {};
  for (const p of promotionRecordProblems(ruleFactsOf(d), purpose, today)) out[p.path] ??= p.message;
  return out;
};

/**
 * The promotion record's checks across fields (issue 54, item 2): the server's wizard refuses a record that breaks
 * any (server/promotions/wizard-record.ts), and the promo builder names every one on its field before it asks
 * "Publish this promotion?", from this one rule. Paths are the record's, without `body.`.
 */

export const MAX_RULES = 20;
export const MAX_TIERS = 10;
export const MAX_METRIC_IDS = 200;

/** What the checks read of a promotion: the server's facts and the builder's draft both give it. */
export interface PromotionRuleFacts {
  name: string;
  promotionCode: string;
  fromDate: string;
  thruDate: string;
  groupIds: readonly number[];
  certificateCategoryCode: string | null;
  payoutAndRules: {
    awardType: string;
    payoutStartDate?: string | null;
    payoutEndDate?: string | null;
    rules: readonly {
      ruleId?: string;
      metricIds: readonly number[];
      /** `target` 0 is none given; a number that is not a whole one above 0 is refused in the server's words. */
      tiers: readonly { target: number; min: number | null; max: number | null }[];
    }[];
  };
}

export type RecordPurpose = 'save' | 'publish' | 'forecast';

export interface RecordProblem {
  path: string;
  message: string;
}

const WHOLE_ABOVE_ZERO = 'must be a whole number above 0';

/** Every check, all at once; `purpose`: a save needs a name and a code, a forecast only the window and the rules, publishing a window not over. */
export function promotionRecordProblems(f: PromotionRuleFacts, purpose: RecordPurpose, today: string): RecordProblem[] {
  const problems: RecordProblem[] = [];
  const required = (ok: boolean, path: string) => ok || problems.push({ path, message: 'is required' });
  if (purpose !== 'forecast') {
    required(f.name !== '', 'overview.name');
    required(f.promotionCode !== '', 'overview.promotionCode');
  }
  required(f.fromDate !== '', 'overview.fromDate');
  required(f.thruDate !== '', 'overview.thruDate');
  if (f.fromDate && f.thruDate && f.thruDate < f.fromDate) problems.push({ path: 'overview.thruDate', message: 'must not be before the start date' });
  else if (purpose === 'publish' && f.thruDate && f.thruDate < today)
    problems.push({ path: 'overview.thruDate', message: 'must not be in the past to publish' });
  if (new Set(f.groupIds).size !== f.groupIds.length) problems.push({ path: 'participants.groupIds', message: 'must not repeat a group' });
  const p = f.payoutAndRules;
  if (p.awardType === 'CERTIFICATE' && !f.certificateCategoryCode)
    problems.push({ path: 'payoutAndRules.certificateCategoryCode', message: 'is required when the award is a certificate' });
  if (p.payoutStartDate && p.payoutEndDate && p.payoutEndDate < p.payoutStartDate)
    problems.push({ path: 'payoutAndRules.payoutEndDate', message: 'must not be before the payout start date' });
  if (p.rules.length > MAX_RULES) problems.push({ path: 'payoutAndRules.rules', message: `must hold at most ${MAX_RULES} rules` });
  if (purpose === 'forecast' && p.rules.length === 0) problems.push({ path: 'payoutAndRules.rules', message: 'must hold at least one rule to forecast' });
  p.rules.forEach((rule, i) => {
    const at = `payoutAndRules.rules.${i}`;
    if (rule.metricIds.length === 0) problems.push({ path: `${at}.metricIds`, message: 'must name at least one product' });
    if (rule.metricIds.length > MAX_METRIC_IDS) problems.push({ path: `${at}.metricIds`, message: `must name at most ${MAX_METRIC_IDS} products` });
    if (new Set(rule.metricIds).size !== rule.metricIds.length) problems.push({ path: `${at}.metricIds`, message: 'must not repeat a product' });
    if (rule.tiers.length === 0) problems.push({ path: `${at}.tiers`, message: 'must hold at least one tier' });
    if (rule.tiers.length > MAX_TIERS) problems.push({ path: `${at}.tiers`, message: `must hold at most ${MAX_TIERS} tiers` });
    const targets = rule.tiers.map((x) => x.target);
    rule.tiers.forEach((tier, j) => {
      if (tier.target === 0) problems.push({ path: `${at}.tiers.${j}.target`, message: 'is required (the units a treatment must reach)' });
      else if (!Number.isSafeInteger(tier.target) || tier.target < 0) problems.push({ path: `${at}.tiers.${j}.target`, message: WHOLE_ABOVE_ZERO });
      else if (targets.indexOf(tier.target) !== j) problems.push({ path: `${at}.tiers.${j}.target`, message: 'must differ from the other tiers' });
      if (tier.min !== null && tier.max !== null && tier.max < tier.min)
        problems.push({ path: `${at}.tiers.${j}.max`, message: 'must not be below the minimum' });
    });
  });
  const ids = p.rules.map((r) => r.ruleId).filter((id): id is string => id !== undefined);
  if (new Set(ids).size !== ids.length) problems.push({ path: 'payoutAndRules.rules', message: 'must not repeat a rule id' });
  return problems;
}

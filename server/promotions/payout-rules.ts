import type { PayoutRule, PayoutTier } from '../../event-schemas/promotion-payout';

/*
 * CONTRACT.md's rule semantics, as pure functions shared by the payouts and the forecast: a rule measures the units of
 * its products on one treatment; the highest tier whose target the measure meets (gteq) pays, per unit or flat,
 * bounded by the tier's min and max.
 */

export interface MeasuredLine {
  productId: number;
  quantity: number;
}

export interface RuleResult {
  rule: PayoutRule;
  units: number;
  tier: PayoutTier;
  amount: number;
}

/** The units (measureType UNITS) of the rule's products on one treatment. */
export const unitsOf = (rule: Pick<PayoutRule, 'metricIds'>, lines: readonly MeasuredLine[]): number => {
  const products = new Set(rule.metricIds);
  return lines.reduce((n, l) => (products.has(l.productId) ? n + l.quantity : n), 0);
};

/** The highest tier met (compareOp gteq), whatever order the tiers were written in. */
export const tierMet = (tiers: readonly PayoutTier[], units: number): PayoutTier | undefined =>
  tiers.filter((t) => units >= t.target).sort((a, b) => b.target - a.target)[0];

/** Per unit (payMethod units) or once (flat), then at least min and at most max when they are set. */
export const tierAward = (tier: PayoutTier, units: number): number => {
  const raw = tier.payMethod === 'units' ? tier.award * units : tier.award;
  const floored = tier.min === null ? raw : Math.max(raw, tier.min);
  return tier.max === null ? floored : Math.min(floored, tier.max);
};

/** What one rule pays for a treatment, if anything. */
export const evaluateRule = (rule: PayoutRule, lines: readonly MeasuredLine[]): RuleResult | undefined => {
  const units = unitsOf(rule, lines);
  if (units === 0) return undefined;
  const tier = tierMet(rule.tiers, units);
  if (!tier) return undefined;
  const amount = tierAward(tier, units);
  return amount > 0 ? { rule, units, tier, amount } : undefined;
};

/**
 * A treatment pays a promotion once, so of several rules the one paying most is the payout (the first of equals, in
 * the order the administrator wrote them). README.md says why rules do not add up.
 */
export const bestRule = (rules: readonly PayoutRule[], lines: readonly MeasuredLine[]): RuleResult | undefined =>
  rules.reduce<RuleResult | undefined>((best, rule) => {
    const r = evaluateRule(rule, lines);
    return r && (!best || r.amount > best.amount) ? r : best;
  }, undefined);

/** The daily cap: what is left for this member on this day of service (no cap leaves the whole award). */
export const cappedAmount = (amount: number, cap: number | null, alreadyToday: number): number =>
  cap === null ? amount : Math.max(0, Math.min(amount, cap - alreadyToday));

/**
 * bestRule with the rules worked out once: each rule's products as a set and its tiers highest target first, so a
 * treatment costs no allocation. The same answers as bestRule (a unit test compares them); the forecast replays
 * hundreds of thousands of treatments through one set of rules, where bestRule built a set and sorted tiers for each.
 */
export function compileRules(rules: readonly PayoutRule[]): (lines: readonly MeasuredLine[]) => RuleResult | undefined {
  const compiled = rules.map((rule) => ({
    rule,
    products: new Set(rule.metricIds),
    // A stable sort, as tierMet's: of equal targets the first written wins.
    tiers: [...rule.tiers].sort((a, b) => b.target - a.target),
  }));
  return (lines) => {
    let best: RuleResult | undefined;
    for (const c of compiled) {
      let units = 0;
      for (const l of lines) if (c.products.has(l.productId)) units += l.quantity;
      if (units === 0) continue;
      const tier = c.tiers.find((t) => units >= t.target);
      if (!tier) continue;
      const amount = tierAward(tier, units);
      if (amount > 0 && (!best || amount > best.amount)) best = { rule: c.rule, units, tier, amount };
    }
    return best;
  };
}

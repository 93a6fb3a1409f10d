/**
 * Every money and points field an administrator sets, with the most it may be and the most a real programme usually
 * sets. Written once: the server's request codecs refuse a value past `max` (a 400 naming the field, and the OpenAPI
 * document states the bound), and the admin forms refuse it on the field with the same words and ask for a second
 * confirmation past `usual`. The maxima are far above anything the programme pays (one typo away from a financial
 * incident is the case they stop), and far below what a column holds, so a value past them is never a 500.
 */
export interface AmountBound {
  /** Smallest accepted value. */
  min: number;
  /** Largest accepted value. */
  max: number;
  /** Above this the admin forms ask "are you sure?" before saving. */
  usual: number;
  /** dollars are whole cents; points are whole numbers. */
  unit: 'dollars' | 'points';
}

export const AMOUNT_BOUNDS = {
  /** A product's list price per unit (a syringe or vial is hundreds of dollars). */
  productMsrpPerUnit: { min: 0, max: 10_000, usual: 2_000, unit: 'dollars' },
  /** Points a product earns per unit; a member earns at most 1,000 points per date of service anyway. */
  productPointsPerUnit: { min: 0, max: 1_000, usual: 200, unit: 'points' },
  /** A promotion tier's award: points per unit, or once (flat). */
  promotionAward: { min: 0, max: 10_000, usual: 500, unit: 'points' },
  /** A promotion tier's minimum and maximum payout. */
  promotionTierLimit: { min: 0, max: 100_000, usual: 5_000, unit: 'points' },
  /** The promotion points one member may earn per programme day. */
  promotionDailyCap: { min: 1, max: 100_000, usual: 5_000, unit: 'points' },
  /** A campaign's offer certificate (the demo's is $25). */
  campaignOfferAmount: { min: 0.01, max: 1_000, usual: 100, unit: 'dollars' },
  /** Points a completed survey pays. */
  surveyPoints: { min: 0, max: 10_000, usual: 1_000, unit: 'points' },
} as const satisfies Record<string, AmountBound>;

export type AmountField = keyof typeof AMOUNT_BOUNDS;

const figure = (n: number, unit: AmountBound['unit']) =>
  unit === 'dollars'
    ? `$${n.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })}`
    : n.toLocaleString('en-US');

/** The rule in words, as the 400 and the form both say it ("must be a whole number of points from 0 to 1,000"). */
export const amountRule = (field: AmountField): string => {
  const b: AmountBound = AMOUNT_BOUNDS[field];
  return b.unit === 'dollars'
    ? `must be a dollar amount from ${figure(b.min, b.unit)} to ${figure(b.max, b.unit)}, in whole cents`
    : `must be a whole number of points from ${figure(b.min, b.unit)} to ${figure(b.max, b.unit)}`;
};

const isWholeCents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9;

export const isWithinBound = (field: AmountField, n: number): boolean => {
  const b: AmountBound = AMOUNT_BOUNDS[field];
  if (!Number.isFinite(n) || n < b.min || n > b.max) return false;
  return b.unit === 'dollars' ? isWholeCents(n) : Number.isInteger(n);
};

/** The rule's broken part in words, or null when `n` is accepted (the forms show it on the field). */
export const amountError = (field: AmountField, n: number | null | undefined): string | null =>
  n === null || n === undefined ? null : isWithinBound(field, n) ? null : amountRule(field);

/** True when a value is accepted but far above what the programme usually sets, so a form should ask again. */
export const isAboveUsual = (field: AmountField, n: number | null | undefined): boolean =>
  typeof n === 'number' && n > (AMOUNT_BOUNDS[field] as AmountBound).usual;

/** The bound as JSON Schema keywords, for the OpenAPI document. */
export const amountSchema = (field: AmountField): Record<string, unknown> => {
  const b: AmountBound = AMOUNT_BOUNDS[field];
  return b.unit === 'dollars' ? { type: 'number', minimum: b.min, maximum: b.max, multipleOf: 0.01 } : { type: 'integer', minimum: b.min, maximum: b.max };
};

export const formatAmount = (field: AmountField, n: number): string => figure(n, AMOUNT_BOUNDS[field].unit);

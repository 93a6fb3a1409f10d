import * as t from 'io-ts';
import { code, isCalendarDate, maxText, refined } from '../../event-schemas/primitives';
import type { FieldError } from '../core/problem';
import { defaultCategoryTerms, type CategoryTerms as WireTerms } from '../../event-schemas/contract/certificate-category-terms';

/**
 * The certificate-category fields that say when, to whom and how a category's certificates are sold and used
 * (spec "Certificate category"), beside the fields of category-fields.ts. What each one decides is in README.md.
 */

const wholeNumber = (name: string, min: number, max: number) =>
  refined(t.number, name, `must be a whole number from ${min} to ${max}`, (n) => Number.isInteger(n) && n >= min && n <= max, {
    type: 'integer',
    minimum: min,
    maximum: max,
  });
const orNull = <C extends t.Mixed>(c: C) => t.union([c, t.null]);

/** A day as YYYY-MM-DD; the spec's form sends local ISO date-times, whose day is what counts. */
const DayLike = refined(
  t.string,
  'DayLike',
  'must be a date as YYYY-MM-DD (a local ISO date-time is read as its day)',
  (s) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+)?$/u.test(s) && isCalendarDate(s.slice(0, 10)),
  { format: 'date' },
);
export const dayOf = (s: string | null): string | null => (s === null ? null : s.slice(0, 10));

/** Treatments accept at most 20 certificate codes, so a bound above that would never bind. */
export const MAX_IN_ONE_TREATMENT = 20;

/** One codec per shared field: the `satisfies` makes a field added to the contract's shape fail here until decoded. */
export const termsCodecs = {
  startDate: orNull(DayLike),
  endDate: orNull(DayLike),
  groupId: orNull(wholeNumber('GroupId', 1, Number.MAX_SAFE_INTEGER)),
  transferable: t.boolean,
  quantityInOneTreatment: orNull(wholeNumber('QuantityInOneTreatment', 1, MAX_IN_ONE_TREATMENT)),
  daysToRestrictRedemption: wholeNumber('DaysToRestrictRedemption', 0, 365),
  showActivationDate: t.boolean,
  isPromo: t.boolean,
  promoType: orNull(maxText(40)),
  promoName: orNull(maxText(120)),
  // displayCategory and below: kept and answered as sent (README.md says what each decides; totalUseable is the gift shop stock).
  displayCategory: orNull(maxText(40)),
  totalUseable: orNull(wholeNumber('TotalUseable', 1, 1_000_000)),
  associatedCategoryCodeIds: t.array(code('CategoryCode')),
  certificateType: orNull(maxText(40)),
  eligibleUserType: orNull(maxText(40)),
  quantityPerTreatmentCertificateType: orNull(maxText(40)),
  quantityPerBrandFlag: t.boolean,
  restylaneQuantityInOneTreatment: wholeNumber('BrandQuantity', 0, MAX_IN_ONE_TREATMENT),
  dysportQuantityInOneTreatment: wholeNumber('BrandQuantity', 0, MAX_IN_ONE_TREATMENT),
  sculptraQuantityInOneTreatment: wholeNumber('BrandQuantity', 0, MAX_IN_ONE_TREATMENT),
} satisfies { [K in keyof WireTerms]: t.Type<WireTerms[K], unknown, unknown> };

export type CategoryTerms = WireTerms;

/** The fields stored together in `kept_fields`: answered as sent; of them only totalUseable decides (the gift shop reads it there). */
export const KEPT_KEYS = [
  'displayCategory',
  'totalUseable',
  'associatedCategoryCodeIds',
  'certificateType',
  'eligibleUserType',
  'quantityPerTreatmentCertificateType',
  'quantityPerBrandFlag',
  'restylaneQuantityInOneTreatment',
  'dysportQuantityInOneTreatment',
  'sculptraQuantityInOneTreatment',
] as const satisfies readonly (keyof CategoryTerms)[];
export type KeptFields = Pick<CategoryTerms, (typeof KEPT_KEYS)[number]>;

export const defaultTerms = (): CategoryTerms => defaultCategoryTerms();

/** The terms after a change: days without their time, promo text trimmed, codes listed once. */
export const normaliseTerms = (terms: CategoryTerms): CategoryTerms => ({
  ...terms,
  startDate: dayOf(terms.startDate),
  endDate: dayOf(terms.endDate),
  promoType: terms.promoType?.trim() || null,
  promoName: terms.promoName?.trim() || null,
  associatedCategoryCodeIds: [...new Set(terms.associatedCategoryCodeIds)],
});

/** Rules across the terms; each error names the body field to correct. */
export const termsErrors = (code: string, terms: CategoryTerms): FieldError[] => {
  const errors: FieldError[] = [];
  if (terms.startDate && terms.endDate && terms.endDate < terms.startDate) errors.push({ path: 'body.endDate', message: 'must be on or after the start date' });
  if (terms.isPromo && !terms.promoName)
    errors.push({ path: 'body.promoName', message: 'is required when isPromo is true: members see it on the certificate' });
  const self = terms.associatedCategoryCodeIds.findIndex((c) => c.toLowerCase() === code.toLowerCase());
  if (self >= 0) errors.push({ path: `body.associatedCategoryCodeIds.${self}`, message: 'must name another category' });
  return errors;
};

/** Whether a category is on sale on `today` (both ends included; an open end never closes). */
export const onSale = (terms: Pick<CategoryTerms, 'startDate' | 'endDate'>, today: string): boolean =>
  (terms.startDate === null || terms.startDate <= today) && (terms.endDate === null || today <= terms.endDate);

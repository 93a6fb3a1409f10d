import * as t from 'io-ts';
import { boundedString, code, maxText, refined } from '../../event-schemas/primitives';
import type { FieldError } from '../core/problem';
import type { Answers } from '../../event-schemas/contract/wire-checks';
import type { CategoryType, CertificateCategory, DisplayStatus } from '../../event-schemas/contract/certificate-categories';
import { LogicalExpression } from '../groups/group-expression';
import { defaultTerms, normaliseTerms, termsCodecs, termsErrors, type CategoryTerms } from './category-terms';
import { criteriaErrors } from './redemption-criteria';

/**
 * The certificate-category record as the admin tool edits it: the admin spec's field names, limited to what the
 * programme uses (the gift shop, treatments and campaign offers). Purchasable categories sell their variants, each a
 * dollar amount priced in points; other categories carry none.
 */
export interface CategoryVariant {
  amount: number;
  purchaseAmount: number;
  /** Who may buy or redeem this variant (redemption policy fields); null: every member. */
  redemptionCriteria: LogicalExpression | null;
}

export type { CategoryType, DisplayStatus };

export interface CategoryRecord extends CategoryTerms {
  /** The spec's numeric id (GET /certificate-categories/{id}); 0 until the category is first saved. */
  id: number;
  certificateCategoryCode: string;
  certificateCategoryName: string;
  certificateCategoryDesc: string;
  termsAndConditions: string;
  certificateCategoryType: CategoryType;
  nullifyAwards: boolean;
  displayStatusTypeCode: DisplayStatus;
  defaultExpirationLengthDays: number;
  cardArtId: string | null;
  /** The most certificates of this category one order may hold; null: only the cart's limit applies. */
  maxPurchaseQuantity: number | null;
  variants: CategoryVariant[];
  /** The spec's category purchaseAmount: the first variant's, and only for a purchasable category. */
  purchaseAmount: number | null;
}
/** The admin category routes answer the contract's record (event-schemas/contract/certificate-categories.ts). */
export type CategoryRecordAnswer = Answers<CategoryRecord, CertificateCategory>;

export const MAX_VARIANTS = 20;
const MAX_AMOUNT = 10_000;
const MAX_PRICE = 10_000_000;

export const CategoryCode = code('CategoryCode');
const isCents = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9;
export const VariantAmount = refined(
  t.number,
  'VariantAmount',
  `must be a dollar amount above 0 and at most ${MAX_AMOUNT}, in whole cents`,
  (n) => n > 0 && n <= MAX_AMOUNT && isCents(n),
  { exclusiveMinimum: 0, maximum: MAX_AMOUNT, multipleOf: 0.01 },
);
const PurchaseAmount = refined(
  t.number,
  'PurchaseAmount',
  `must be a whole number of points from 1 to ${MAX_PRICE}`,
  (n) => Number.isInteger(n) && n >= 1 && n <= MAX_PRICE,
  { type: 'integer', minimum: 1, maximum: MAX_PRICE },
);
const ExpirationDays = refined(t.number, 'ExpirationDays', 'must be a whole number of days from 1 to 3650', (n) => Number.isInteger(n) && n >= 1 && n <= 3650, {
  type: 'integer',
  minimum: 1,
  maximum: 3650,
});
const MaxPurchaseQuantity = t.union([
  refined(t.number, 'MaxPurchaseQuantity', 'must be a whole number from 1 to 100, or null', (n) => Number.isInteger(n) && n >= 1 && n <= 100, {
    type: 'integer',
    minimum: 1,
    maximum: 100,
  }),
  t.null,
]);
const CardArtId = t.union([
  refined(t.string, 'CardArtId', 'must be 1 to 100 characters, or null', (s) => s.length >= 1 && s.length <= 100, { minLength: 1, maxLength: 100 }),
  t.null,
]);
// A variant without redemptionCriteria (or with null) is offered to every member.
const Variant = t.intersection([
  t.type({ amount: VariantAmount, purchaseAmount: PurchaseAmount }),
  t.partial({ redemptionCriteria: t.union([LogicalExpression, t.null]) }),
]);
const VariantList = t.array(Variant);
// Not `refined`: a bad variant must keep its own path (body.variants.1.amount), which refined would fold into one.
const Variants = Object.assign(
  new t.Type<t.TypeOf<typeof VariantList>, t.OutputOf<typeof VariantList>, unknown>(
    'Variants',
    (u): u is t.TypeOf<typeof VariantList> => VariantList.is(u) && u.length <= MAX_VARIANTS,
    (u, c) => {
      const r = VariantList.validate(u, c);
      if (r._tag === 'Left' || r.right.length <= MAX_VARIANTS) return r;
      return t.failure(u, c, `must be a list of at most ${MAX_VARIANTS} variants`);
    },
    VariantList.encode,
  ),
  { base: VariantList, rule: `at most ${MAX_VARIANTS} variants` },
);

const editable = {
  certificateCategoryName: boundedString(120),
  certificateCategoryDesc: maxText(1000),
  termsAndConditions: maxText(4000),
  certificateCategoryType: t.union([t.literal('PURCHASABLE'), t.null]),
  nullifyAwards: t.boolean,
  displayStatusTypeCode: t.union([t.literal('ACTIVE'), t.literal('INACTIVE')]),
  defaultExpirationLengthDays: ExpirationDays,
  cardArtId: CardArtId,
  maxPurchaseQuantity: MaxPurchaseQuantity,
  variants: Variants,
  ...termsCodecs,
};
const { certificateCategoryName, ...optional } = editable;
const EDITABLE_KEYS = Object.keys(editable) as (keyof typeof editable)[];

/** POST /certificate-categories: a code and a name; every other field has a default. Unknown spec fields are ignored. */
export const NewCategoryBody = t.intersection([t.type({ certificateCategoryCode: CategoryCode, certificateCategoryName }), t.partial(optional)]);
/** PUT /certificate-categories: the code names the category; the fields sent replace the current ones. */
export const CategoryChangeBody = t.intersection([t.type({ certificateCategoryCode: CategoryCode }), t.partial(editable)]);
export type CategoryChange = t.TypeOf<typeof CategoryChangeBody>;

export const categoryDefaults = (code: string): CategoryRecord => ({
  ...defaultTerms(),
  id: 0,
  certificateCategoryCode: code,
  certificateCategoryName: code,
  certificateCategoryDesc: '',
  termsAndConditions: '',
  certificateCategoryType: null,
  nullifyAwards: false,
  displayStatusTypeCode: 'ACTIVE',
  defaultExpirationLengthDays: 365,
  cardArtId: null,
  maxPurchaseQuantity: null,
  variants: [],
  purchaseAmount: null,
});

/** Criteria that test nothing (the form's untouched blank row sends an empty expression) admit everyone: null. */
const isEmpty = (e: LogicalExpression): boolean => e.comparisonExpressions.length === 0 && e.logicalExpressions.every(isEmpty);
const criteriaOrNull = (e: LogicalExpression | null | undefined): LogicalExpression | null => (e && !isEmpty(e) ? e : null);

/** The record after a change: text trimmed, the derived purchaseAmount recomputed. */
export const applyChange = (current: CategoryRecord, change: Omit<CategoryChange, 'certificateCategoryCode'>): CategoryRecord => {
  // Only the editable keys: a decoded body keeps any other spec fields the caller sent (startDate, groupId...).
  let next: CategoryRecord = { ...current };
  for (const key of EDITABLE_KEYS) if (change[key] !== undefined) Object.assign(next, { [key]: change[key] });
  next = { ...next, ...normaliseTerms(next) };
  next.certificateCategoryName = next.certificateCategoryName.trim();
  next.certificateCategoryDesc = next.certificateCategoryDesc.trim();
  next.termsAndConditions = next.termsAndConditions.trim();
  next.variants = next.variants.map((v) => ({ amount: v.amount, purchaseAmount: v.purchaseAmount, redemptionCriteria: criteriaOrNull(v.redemptionCriteria) }));
  next.purchaseAmount = next.certificateCategoryType === 'PURCHASABLE' ? (next.variants[0]?.purchaseAmount ?? null) : null;
  return next;
};

/** The rules that span fields; each error names the body field a caller would correct. */
export const categoryErrors = (record: CategoryRecord): FieldError[] => {
  const errors: FieldError[] = [];
  const purchasable = record.certificateCategoryType === 'PURCHASABLE';
  if (purchasable && record.variants.length === 0) errors.push({ path: 'body.variants', message: 'a purchasable category needs at least one variant' });
  if (!purchasable && record.variants.length > 0)
    errors.push({ path: 'body.variants', message: 'only a purchasable category has variants: send none, or make it PURCHASABLE' });
  const seen = new Map<number, number>();
  record.variants.forEach((v, i) => {
    const cents = Math.round(v.amount * 100);
    const first = seen.get(cents);
    if (first === undefined) seen.set(cents, i);
    else errors.push({ path: `body.variants.${i}.amount`, message: `must differ from variant ${first + 1}'s amount` });
    if (v.redemptionCriteria) errors.push(...criteriaErrors(v.redemptionCriteria, `body.variants.${i}.redemptionCriteria`));
  });
  errors.push(...termsErrors(record.certificateCategoryCode, record));
  return errors;
};

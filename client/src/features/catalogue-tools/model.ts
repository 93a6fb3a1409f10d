import { createEffect, createEvent, createStore } from 'effector';
import { blankExpression } from '../../components/group-editor/expression-model';
import type { LogicalExpression } from '../../components/group-editor/groups-api';
import { defaultCategoryTerms } from '../../../../event-schemas/contract/certificate-category-terms';
import { categoryApi, type CategoryPayload, type CertificateCategory } from './api/catalogue-api';

/**
 * A variant row as the form holds it: empty fields stay null, criteria are always an expression the builder edits
 * (a blank row until the admin writes one), and a key keeps React rows stable across removals.
 */
export interface VariantRow {
  key: number;
  amount: number | null;
  purchaseAmount: number | null;
  redemptionCriteria: LogicalExpression;
}
/** The form's category: the wire record, its id set once saved, its variants as rows. */
export type CategoryDraft = Omit<CertificateCategory, 'variants' | 'id'> & { id?: number; variants: VariantRow[] };
type Field = Exclude<keyof CategoryDraft, 'variants' | 'purchaseAmount' | 'id'>;
export type FieldChange = { [K in Field]: { field: K; value: CategoryDraft[K] } }[Field];

let nextKey = 1;
const row = (amount: number | null = null, purchaseAmount: number | null = null, criteria: LogicalExpression | null = null): VariantRow => ({
  key: nextKey++,
  amount,
  purchaseAmount,
  redemptionCriteria: criteria ?? blankExpression(),
});

export const defaultTerms = defaultCategoryTerms;

export const emptyCategory = (): CategoryDraft => ({
  ...defaultTerms(),
  certificateCategoryCode: '',
  certificateCategoryName: '',
  certificateCategoryDesc: '',
  termsAndConditions: '',
  certificateCategoryType: 'PURCHASABLE',
  nullifyAwards: false,
  displayStatusTypeCode: 'ACTIVE',
  defaultExpirationLengthDays: 365,
  cardArtId: null,
  maxPurchaseQuantity: null,
  purchaseAmount: null,
  variants: [row()],
});

/** The category's purchaseAmount: the first variant's, and only while the category is purchasable (spec). */
const withPurchaseAmount = (d: CategoryDraft): CategoryDraft => ({
  ...d,
  purchaseAmount: d.certificateCategoryType === 'PURCHASABLE' ? (d.variants[0]?.purchaseAmount ?? null) : null,
});

/** Spec "set a whole category": its variants become rows, the first carrying the category's purchaseAmount. */
const draftOf = (c: CertificateCategory): CategoryDraft =>
  withPurchaseAmount({
    ...defaultTerms(),
    ...c,
    startDate: c.startDate?.slice(0, 10) ?? null,
    endDate: c.endDate?.slice(0, 10) ?? null,
    variants: c.variants.map((v, i) => row(v.amount, i === 0 && c.purchaseAmount !== null ? c.purchaseAmount : v.purchaseAmount, v.redemptionCriteria)),
  });

/** A rule the admin left blank (no value typed) tests nothing: it is dropped, and criteria left empty mean everyone. */
export function criteriaForSave(e: LogicalExpression): LogicalExpression | null {
  const comparisonExpressions = e.comparisonExpressions.filter((c) => c.values.some((v) => String(v).trim() !== ''));
  const logicalExpressions = e.logicalExpressions.map(criteriaForSave).filter((n): n is LogicalExpression => n !== null);
  return comparisonExpressions.length + logicalExpressions.length === 0 ? null : { ...e, comparisonExpressions, logicalExpressions };
}

/** Whether a variant row holds anything the admin entered (an amount, a price or a rule): removing it asks first. */
export const variantHasContent = (v: Omit<VariantRow, 'key'>): boolean =>
  v.amount !== null || v.purchaseAmount !== null || criteriaForSave(v.redemptionCriteria) !== null;

/** Only a purchasable category sells variants; switching the type away keeps the rows here but sends none. */
export const toPayload = ({ purchaseAmount: _p, id: _id, ...d }: CategoryDraft): CategoryPayload => ({
  ...d,
  certificateCategoryCode: d.certificateCategoryCode.trim(),
  variants:
    d.certificateCategoryType === 'PURCHASABLE'
      ? d.variants.map(({ amount, purchaseAmount, redemptionCriteria }) => ({
          amount,
          purchaseAmount,
          redemptionCriteria: criteriaForSave(redemptionCriteria),
        }))
      : [],
});

// The certificate-category form's actions of the admin spec (section 4).
export const categoryLoaded = createEvent<CertificateCategory>();
export const fieldChanged = createEvent<FieldChange>();
export const variantAdded = createEvent();
export const variantRemoved = createEvent<number>();
export const variantChanged = createEvent<{ index: number; patch: Partial<Omit<VariantRow, 'key'>> }>();
export const variantsTrimmed = createEvent();
export const formCleared = createEvent();

export const fetchCategoryFx = createEffect((code: string) => categoryApi.get(code));
export const saveCategoryFx = createEffect(({ draft, isNew }: { draft: CategoryDraft; isNew: boolean }) =>
  isNew ? categoryApi.create(toPayload(draft)) : categoryApi.update(toPayload(draft)),
);

export const $categoryDraft = createStore<CategoryDraft>(emptyCategory())
  .on([categoryLoaded, fetchCategoryFx.doneData, saveCategoryFx.doneData], (_, category) => draftOf(category))
  // Switching the type keeps the variant rows (spec): only the derived purchaseAmount follows it.
  .on(fieldChanged, (draft, change) => withPurchaseAmount({ ...draft, [change.field]: change.value }))
  .on(variantAdded, (draft) => ({ ...draft, variants: [...draft.variants, row()] }))
  .on(variantRemoved, (draft, index) => withPurchaseAmount({ ...draft, variants: draft.variants.filter((_, i) => i !== index) }))
  .on(variantChanged, (draft, { index, patch }) =>
    withPurchaseAmount({ ...draft, variants: draft.variants.map((v, i) => (i === index ? { ...v, ...patch } : v)) }),
  )
  // Spec: trim the variants to the first one when there is more than one.
  .on(variantsTrimmed, (draft) => (draft.variants.length > 1 ? withPurchaseAmount({ ...draft, variants: draft.variants.slice(0, 1) }) : draft))
  // Spec: clearing the form keeps the loaded list (the list page holds its own store).
  .reset(formCleared);

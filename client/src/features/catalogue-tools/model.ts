import { createEffect, createEvent, createStore } from 'effector';
import { categoryApi, type CategoryPayload, type CertificateCategory } from './api/catalogue-api';

/** A variant row as the form holds it: empty fields stay null, and a key keeps React rows stable across removals. */
export interface VariantRow {
  key: number;
  amount: number | null;
  purchaseAmount: number | null;
}
export type CategoryDraft = Omit<CertificateCategory, 'variants' | 'purchaseAmount'> & { variants: VariantRow[] };
type Field = Exclude<keyof CategoryDraft, 'variants'>;
export type FieldChange = { [K in Field]: { field: K; value: CategoryDraft[K] } }[Field];

let nextKey = 1;
const row = (amount: number | null = null, purchaseAmount: number | null = null): VariantRow => ({ key: nextKey++, amount, purchaseAmount });

export const emptyCategory = (): CategoryDraft => ({
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
  variants: [row()],
});

const draftOf = (c: CertificateCategory): CategoryDraft => ({ ...c, variants: c.variants.map((v) => row(v.amount, v.purchaseAmount)) });

/** Only a purchasable category sells variants; switching the type away keeps the rows here but sends none. */
export const toPayload = (d: CategoryDraft): CategoryPayload => ({
  ...d,
  certificateCategoryCode: d.certificateCategoryCode.trim(),
  variants: d.certificateCategoryType === 'PURCHASABLE' ? d.variants.map(({ amount, purchaseAmount }) => ({ amount, purchaseAmount })) : [],
});

// The certificate-category form's actions of the admin spec (section 4).
export const categoryLoaded = createEvent<CertificateCategory>();
export const fieldChanged = createEvent<FieldChange>();
export const variantAdded = createEvent();
export const variantRemoved = createEvent<number>();
export const variantChanged = createEvent<{ index: number; patch: Partial<Omit<VariantRow, 'key'>> }>();
export const formCleared = createEvent();

export const fetchCategoryFx = createEffect((code: string) => categoryApi.get(code));
export const saveCategoryFx = createEffect(({ draft, isNew }: { draft: CategoryDraft; isNew: boolean }) =>
  isNew ? categoryApi.create(toPayload(draft)) : categoryApi.update(toPayload(draft)),
);

export const $categoryDraft = createStore<CategoryDraft>(emptyCategory())
  .on([categoryLoaded, fetchCategoryFx.doneData, saveCategoryFx.doneData], (_, category) => draftOf(category))
  .on(fieldChanged, (draft, change) => ({ ...draft, [change.field]: change.value }))
  .on(variantAdded, (draft) => ({ ...draft, variants: [...draft.variants, row()] }))
  .on(variantRemoved, (draft, index) => ({ ...draft, variants: draft.variants.filter((_, i) => i !== index) }))
  .on(variantChanged, (draft, { index, patch }) => ({ ...draft, variants: draft.variants.map((v, i) => (i === index ? { ...v, ...patch } : v)) }))
  .reset(formCleared);

import {
  $categoryDraft,
  categoryLoaded,
  fieldChanged,
  formCleared,
  toPayload,
  variantAdded,
  variantChanged,
  variantRemoved,
} from '../../../client/src/features/catalogue-tools/model';

const aspire = {
  certificateCategoryCode: 'ASPIRE_GIFT',
  certificateCategoryName: 'Aspire Gift Certificate',
  certificateCategoryDesc: 'd',
  termsAndConditions: 't',
  certificateCategoryType: 'PURCHASABLE' as const,
  nullifyAwards: false,
  displayStatusTypeCode: 'ACTIVE' as const,
  defaultExpirationLengthDays: 365,
  cardArtId: 'card-art-default',
  maxPurchaseQuantity: null,
  purchaseAmount: 250,
  variants: [
    { amount: 25, purchaseAmount: 250 },
    { amount: 50, purchaseAmount: 500 },
  ],
};
const variants = () => toPayload($categoryDraft.getState()).variants;

beforeEach(() => formCleared());

describe('when the form starts empty', () => {
  it('is a purchasable, active category with one blank variant row', () => {
    expect($categoryDraft.getState()).toMatchObject({
      certificateCategoryType: 'PURCHASABLE',
      displayStatusTypeCode: 'ACTIVE',
      defaultExpirationLengthDays: 365,
    });
    expect(variants()).toEqual([{ amount: null, purchaseAmount: null }]);
  });
});

describe('when the variant rows are edited', () => {
  it('adds, updates and removes rows by index, keeping each remaining row its key', () => {
    categoryLoaded(aspire);
    variantAdded();
    variantChanged({ index: 2, patch: { amount: 100 } });
    variantChanged({ index: 2, patch: { purchaseAmount: 950 } });
    const keptKey = $categoryDraft.getState().variants[1].key;
    variantRemoved(0);
    expect(variants()).toEqual([
      { amount: 50, purchaseAmount: 500 },
      { amount: 100, purchaseAmount: 950 },
    ]);
    expect($categoryDraft.getState().variants[0].key).toBe(keptKey);
  });
});

describe('when the category is made not purchasable', () => {
  it('sends no variants but keeps the rows should the admin switch back', () => {
    categoryLoaded(aspire);
    fieldChanged({ field: 'certificateCategoryType', value: null });
    expect(variants()).toEqual([]);
    fieldChanged({ field: 'certificateCategoryType', value: 'PURCHASABLE' });
    expect(variants()).toHaveLength(2);
  });
});

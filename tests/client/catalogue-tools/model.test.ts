import {
  $categoryDraft,
  categoryLoaded,
  criteriaForSave,
  defaultTerms,
  fieldChanged,
  formCleared,
  toPayload,
  variantAdded,
  variantChanged,
  variantRemoved,
  variantsTrimmed,
} from '../../../client/src/features/catalogue-tools/model';
import { blankExpression } from '../../../client/src/components/group-editor/expression-model';

const adults = {
  logicalOperatorCode: 'AND' as const,
  comparisonExpressions: [{ fieldCode: 'ageYears', comparisonOperatorCode: 'GTE', values: ['21'] }],
  logicalExpressions: [],
};
const aspire = {
  ...defaultTerms(),
  id: 3,
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
    { amount: 25, purchaseAmount: 250, redemptionCriteria: null },
    { amount: 50, purchaseAmount: 500, redemptionCriteria: adults },
  ],
};
const variants = () => toPayload($categoryDraft.getState()).variants;
const draft = () => $categoryDraft.getState();

beforeEach(() => formCleared());

describe('when the form starts empty', () => {
  it('is a purchasable, active category with one blank variant row', () => {
    expect($categoryDraft.getState()).toMatchObject({
      certificateCategoryType: 'PURCHASABLE',
      displayStatusTypeCode: 'ACTIVE',
      defaultExpirationLengthDays: 365,
    });
    // Spec: a variant starts with an empty amount and a blank criteria row, which tests nothing until filled in.
    expect(draft().variants[0].redemptionCriteria).toEqual(blankExpression());
    expect(variants()).toEqual([{ amount: null, purchaseAmount: null, redemptionCriteria: null }]);
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
      { amount: 50, purchaseAmount: 500, redemptionCriteria: adults },
      { amount: 100, purchaseAmount: 950, redemptionCriteria: null },
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

describe('the purchaseAmount of the category', () => {
  it("is the first variant's when the category is set whole, and follows it only while the category is purchasable", () => {
    categoryLoaded(aspire);
    expect(draft().purchaseAmount).toBe(250);
    variantChanged({ index: 0, patch: { purchaseAmount: 275 } });
    expect(draft().purchaseAmount).toBe(275);
    fieldChanged({ field: 'certificateCategoryType', value: null });
    expect(draft().purchaseAmount).toBeNull();
    variantChanged({ index: 0, patch: { purchaseAmount: 300 } });
    expect(draft().purchaseAmount).toBeNull();
    fieldChanged({ field: 'certificateCategoryType', value: 'PURCHASABLE' });
    expect(draft().purchaseAmount).toBe(300);
  });
});

describe('when the variants are trimmed', () => {
  it('keeps only the first (spec: trimming keeps 1 variant), and does nothing to a single one', () => {
    categoryLoaded(aspire);
    variantAdded();
    variantsTrimmed();
    expect(variants()).toEqual([{ amount: 25, purchaseAmount: 250, redemptionCriteria: null }]);
    const only = draft().variants[0];
    variantsTrimmed();
    expect(draft().variants).toEqual([only]);
  });
});

describe('when the form is cleared', () => {
  it('starts a blank category with the default terms', () => {
    categoryLoaded({ ...aspire, transferable: false, startDate: '2026-12-01T00:00:00' });
    expect(draft()).toMatchObject({ transferable: false, startDate: '2026-12-01' });
    formCleared();
    expect(draft()).toMatchObject({ certificateCategoryCode: '', transferable: true, startDate: null, restylaneQuantityInOneTreatment: 0 });
  });
});

describe('criteria as saved', () => {
  it('drops rules left blank and empty nested groups, so untouched criteria mean every member', () => {
    expect(criteriaForSave(blankExpression())).toBeNull();
    const nested = { ...adults, logicalExpressions: [blankExpression('OR')] };
    expect(criteriaForSave(nested)).toEqual(adults);
  });
});

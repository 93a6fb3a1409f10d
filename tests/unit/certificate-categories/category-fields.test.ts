import { applyChange, categoryDefaults, categoryErrors, CategoryChangeBody, NewCategoryBody } from '../../../server/certificate-categories/category-fields';
import { fieldErrors } from '../../../server/core/decode';

const purchasable = applyChange(categoryDefaults('SPA'), {
  certificateCategoryName: 'Spa',
  certificateCategoryType: 'PURCHASABLE',
  variants: [
    { amount: 25, purchaseAmount: 250 },
    { amount: 50, purchaseAmount: 480 },
  ],
});

describe('when a change is applied', () => {
  it('keeps the code, trims text, and takes the category purchaseAmount from the first variant', () => {
    const next = applyChange(purchasable, { certificateCategoryName: '  Spa Day  ', variants: [{ amount: 50, purchaseAmount: 480 }] });
    expect(next).toMatchObject({ certificateCategoryCode: 'SPA', certificateCategoryName: 'Spa Day', purchaseAmount: 480 });
  });

  it("keeps the spec's terms (a local ISO date-time as its day) and ignores fields outside the spec's record", () => {
    const next = applyChange(purchasable, { startDate: '2026-01-01T00:00:00', groupId: 4, somethingElse: 1 } as never);
    expect(next).toMatchObject({ startDate: '2026-01-01', groupId: 4 });
    expect(next).not.toHaveProperty('somethingElse');
  });

  it('clears purchaseAmount when the category is not purchasable', () => {
    expect(applyChange(purchasable, { certificateCategoryType: null, variants: [] }).purchaseAmount).toBeNull();
  });
});

describe('when the fields disagree', () => {
  it('names the variant whose amount repeats an earlier one', () => {
    const next = applyChange(purchasable, {
      variants: [
        { amount: 25, purchaseAmount: 250 },
        { amount: 50, purchaseAmount: 480 },
        { amount: 25.0, purchaseAmount: 260 },
      ],
    });
    expect(categoryErrors(next)).toEqual([{ path: 'body.variants.2.amount', message: "must differ from variant 1's amount" }]);
  });

  it('asks a purchasable category for a variant and refuses variants on any other', () => {
    expect(categoryErrors(applyChange(purchasable, { variants: [] })).map((e) => e.path)).toEqual(['body.variants']);
    expect(categoryErrors(applyChange(purchasable, { certificateCategoryType: null })).map((e) => e.path)).toEqual(['body.variants']);
    expect(categoryErrors(purchasable)).toEqual([]);
  });
});

describe('when a body is decoded', () => {
  const errorsOf = (codec: typeof NewCategoryBody | typeof CategoryChangeBody, body: unknown) => {
    const r = codec.decode(body);
    return r._tag === 'Left' ? fieldErrors(r.left, 'body').map((e) => e.path) : [];
  };
  it('names each bad variant field by its index', () => {
    const body = {
      certificateCategoryCode: 'SPA',
      certificateCategoryName: 'Spa',
      variants: [
        { amount: 10, purchaseAmount: 100 },
        { amount: 0.001, purchaseAmount: -3 },
      ],
    };
    expect(errorsOf(NewCategoryBody, body)).toEqual(['body.variants.1.amount', 'body.variants.1.purchaseAmount']);
  });
  it('refuses more than 20 variants as one list error', () => {
    const variants = Array.from({ length: 21 }, (_, i) => ({ amount: i + 1, purchaseAmount: 10 }));
    expect(errorsOf(CategoryChangeBody, { certificateCategoryCode: 'SPA', variants })).toEqual(['body.variants']);
  });
});

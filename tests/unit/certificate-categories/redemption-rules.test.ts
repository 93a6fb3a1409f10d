import { redemptionRefusals, type PresentedCertificate } from '../../../server/certificate-categories/redemption-rules';
import { satisfiesCriteria, type RedemptionFacts } from '../../../server/certificate-categories/redemption-criteria';
import { onSale, termsErrors, defaultTerms, normaliseTerms } from '../../../server/certificate-categories/category-terms';
import type { LogicalExpression } from '../../../server/groups/group-expression';

const category = (over: Partial<NonNullable<PresentedCertificate['category']>> = {}): PresentedCertificate['category'] => ({
  code: 'GLOW',
  name: 'Glow',
  quantityInOneTreatment: null,
  daysToRestrictRedemption: 0,
  criteria: null,
  ...over,
});
const cert = (code: string, over: Partial<PresentedCertificate> = {}): PresentedCertificate => ({
  code,
  amount: 25,
  issuedOn: '2026-11-01',
  category: category(),
  ...over,
});
const admitAll = () => true;

describe('what one treatment may redeem', () => {
  it('given a bound of 2, when three of the category are presented, then the third is refused by its place in the body', () => {
    const bounded = category({ quantityInOneTreatment: 2 });
    const refusals = redemptionRefusals(
      [cert('A', { category: bounded }), cert('B', { category: bounded }), cert('C', { category: bounded })],
      '2026-11-20',
      admitAll,
    );
    expect(refusals).toEqual({
      invalid: [{ path: 'body.redeemedCertificateCodes.2', message: 'is one Glow certificate more than one treatment may redeem (at most 2)' }],
      notEligible: [],
    });
  });

  it('counts each category on its own, and leaves unknown certificates alone', () => {
    const one = category({ quantityInOneTreatment: 1 });
    const other = category({ code: 'SPA', name: 'Spa', quantityInOneTreatment: 1 });
    expect(
      redemptionRefusals([cert('A', { category: one }), cert('B', { category: other }), cert('X', { category: null, issuedOn: null })], '2026-11-20', admitAll),
    ).toEqual({
      invalid: [],
      notEligible: [],
    });
  });

  it('refuses a certificate before its activation day and accepts it on that day', () => {
    const later = category({ daysToRestrictRedemption: 10 });
    expect(redemptionRefusals([cert('A', { category: later })], '2026-11-10', admitAll).invalid).toEqual([
      { path: 'body.redeemedCertificateCodes.0', message: 'cannot be redeemed before 11/11/2026, 10 days after it was issued' },
    ]);
    expect(redemptionRefusals([cert('A', { category: later })], '2026-11-11', admitAll).invalid).toEqual([]);
  });

  it('names a certificate whose variant criteria do not admit the member as not eligible', () => {
    const criteria: LogicalExpression = {
      logicalOperatorCode: 'AND',
      comparisonExpressions: [{ fieldCode: 'ageYears', comparisonOperatorCode: 'GTE', values: [21] }],
      logicalExpressions: [],
    };
    const refusals = redemptionRefusals([cert('A'), cert('B', { category: category({ criteria }) })], '2026-11-20', (c) => c === null);
    expect(refusals.notEligible).toEqual([
      { path: 'body.redeemedCertificateCodes.1', message: 'the member does not meet the redemption criteria of the $25 Glow certificate' },
    ]);
  });
});

describe('redemption criteria', () => {
  const facts: RedemptionFacts = {
    ageYears: 30,
    postalCode: '92612',
    emailDomain: 'example.com',
    enrolledDate: '2025-03-01',
    lifetimePoints: 1200,
    processedTreatments: 3,
  };
  const rule = (fieldCode: string, comparisonOperatorCode: string, values: (string | number)[]) =>
    ({ fieldCode, comparisonOperatorCode, values }) as LogicalExpression['comparisonExpressions'][number];

  it('admits everyone when there are none, and no one unknown when there are', () => {
    expect(satisfiesCriteria(null, undefined)).toBe(true);
    expect(
      satisfiesCriteria({ logicalOperatorCode: 'AND', comparisonExpressions: [rule('lifetimePoints', 'GTE', [0])], logicalExpressions: [] }, undefined),
    ).toBe(false);
  });

  it('decides nested AND/OR over the programme facts', () => {
    const vip: LogicalExpression = {
      logicalOperatorCode: 'AND',
      comparisonExpressions: [rule('postalCode', 'STARTS_WITH', ['926'])],
      logicalExpressions: [
        {
          logicalOperatorCode: 'OR',
          comparisonExpressions: [rule('lifetimePoints', 'GTE', [5000]), rule('processedTreatments', 'BETWEEN', [3, 10])],
          logicalExpressions: [],
        },
      ],
    };
    expect(satisfiesCriteria(vip, facts)).toBe(true);
    expect(satisfiesCriteria(vip, { ...facts, processedTreatments: 2 })).toBe(false);
    expect(satisfiesCriteria(vip, { ...facts, processedTreatments: 2, lifetimePoints: 5000 })).toBe(true);
  });

  it('takes a missing fact as false, even for NOT_IN', () => {
    expect(
      satisfiesCriteria(
        { logicalOperatorCode: 'AND', comparisonExpressions: [rule('ageYears', 'NOT_IN', [17])], logicalExpressions: [] },
        { ...facts, ageYears: null },
      ),
    ).toBe(false);
  });
});

describe('the terms of sale', () => {
  it('is on sale inside its dates, both ends included, and always with open ends', () => {
    expect(onSale({ startDate: '2026-11-01', endDate: '2026-11-30' }, '2026-11-01')).toBe(true);
    expect(onSale({ startDate: '2026-11-01', endDate: '2026-11-30' }, '2026-11-30')).toBe(true);
    expect(onSale({ startDate: '2026-11-01', endDate: '2026-11-30' }, '2026-12-01')).toBe(false);
    expect(onSale({ startDate: null, endDate: null }, '1999-01-01')).toBe(true);
  });

  it('names the field of each rule across the terms', () => {
    const terms = normaliseTerms({
      ...defaultTerms(),
      startDate: '2026-12-10T00:00:00',
      endDate: '2026-12-01',
      isPromo: true,
      promoName: '  ',
      associatedCategoryCodeIds: ['glow'],
    });
    expect(terms.startDate).toBe('2026-12-10');
    expect(termsErrors('GLOW', terms).map((e) => e.path)).toEqual(['body.endDate', 'body.promoName', 'body.associatedCategoryCodeIds.0']);
  });
});

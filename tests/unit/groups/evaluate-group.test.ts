import { ageOn, checkExpression, matchesComparison, matchesExpression, type ParticipantFacts } from '../../../server/groups/evaluate-group';
import type { ComparisonExpression, LogicalExpression } from '../../../server/groups/group-expression';

const facts: ParticipantFacts = {
  paxId: 7,
  firstName: 'Morgan',
  lastName: 'Member',
  emailDomain: 'example.com',
  postalCode: '92612',
  ageYears: 38,
  enrolledDate: '2025-06-01',
};
const cmp = (
  fieldCode: string,
  comparisonOperatorCode: ComparisonExpression['comparisonOperatorCode'],
  ...values: (string | number)[]
): ComparisonExpression => ({ fieldCode, comparisonOperatorCode, values });
const and = (comparisonExpressions: ComparisonExpression[], logicalExpressions: LogicalExpression[] = []): LogicalExpression => ({
  logicalOperatorCode: 'AND',
  comparisonExpressions,
  logicalExpressions,
});
const or = (comparisonExpressions: ComparisonExpression[], logicalExpressions: LogicalExpression[] = []): LogicalExpression => ({
  logicalOperatorCode: 'OR',
  comparisonExpressions,
  logicalExpressions,
});

describe('matchesComparison', () => {
  it.each([
    [cmp('postalCode', 'EQ', '92612'), true],
    [cmp('postalCode', 'NE', '92612'), false],
    [cmp('firstName', 'EQ', 'MORGAN'), true],
    [cmp('emailDomain', 'IN', 'gmail.com', 'example.com'), true],
    [cmp('emailDomain', 'NOT_IN', 'gmail.com', 'example.com'), false],
    [cmp('ageYears', 'GT', 38), false],
    [cmp('ageYears', 'GTE', '38'), true],
    [cmp('ageYears', 'LT', 40), true],
    [cmp('ageYears', 'LTE', 37), false],
    [cmp('ageYears', 'BETWEEN', 30, 40), true],
    [cmp('ageYears', 'IN', 9, 38), true],
    [cmp('enrolledDate', 'GTE', '2025-01-01'), true],
    [cmp('enrolledDate', 'BETWEEN', '2025-07-01', '2025-12-31'), false],
    [cmp('lastName', 'CONTAINS', 'emb'), true],
    [cmp('postalCode', 'STARTS_WITH', '926'), true],
    [cmp('postalCode', 'STARTS_WITH', '100'), false],
  ])('%j is %p', (c, expected) => expect(matchesComparison(c, facts)).toBe(expected));

  it('is false for a missing fact, even with NE', () => {
    expect(matchesComparison(cmp('ageYears', 'NE', 20), { ...facts, ageYears: null })).toBe(false);
  });
  it('compares numbers as numbers, not text', () => expect(matchesComparison(cmp('ageYears', 'GT', 9), facts)).toBe(true));
});

describe('matchesExpression', () => {
  it('AND needs every part, OR any part', () => {
    expect(matchesExpression(and([cmp('postalCode', 'EQ', '92612'), cmp('ageYears', 'GT', 50)]), facts)).toBe(false);
    expect(matchesExpression(or([cmp('postalCode', 'EQ', '92612'), cmp('ageYears', 'GT', 50)]), facts)).toBe(true);
  });
  it('evaluates nested expressions', () => {
    const rule = and([cmp('emailDomain', 'EQ', 'example.com')], [or([cmp('ageYears', 'LT', 21), cmp('postalCode', 'STARTS_WITH', '92')])]);
    expect(matchesExpression(rule, facts)).toBe(true);
    expect(matchesExpression(rule, { ...facts, postalCode: '10001' })).toBe(false);
  });
  it('an empty expression matches nobody', () => expect(matchesExpression(and([]), facts)).toBe(false));
});

describe('checkExpression', () => {
  it('accepts a sound rule', () => expect(checkExpression(and([cmp('ageYears', 'BETWEEN', 18, 65)]), 'e')).toEqual([]));
  it('names unknown fields, unsuitable operators, wrong value counts and unreadable values', () => {
    const rule = and([cmp('shoe', 'EQ', 1), cmp('ageYears', 'CONTAINS', 1), cmp('ageYears', 'BETWEEN', 1), cmp('enrolledDate', 'GT', '2025-13-01')], [or([])]);
    expect(checkExpression(rule, 'e').map((x) => x.path)).toEqual([
      'e.comparisonExpressions.0.fieldCode',
      'e.comparisonExpressions.1.comparisonOperatorCode',
      'e.comparisonExpressions.2.values',
      'e.comparisonExpressions.3.values.0',
      'e.logicalExpressions.0',
    ]);
  });
});

describe('ageOn', () => {
  it.each([
    ['1988-04-12', '2026-04-11', 37],
    ['1988-04-12', '2026-04-12', 38],
    ['2000-02-29', '2026-02-28', 25],
  ])('born %s, on %s is %i', (dob, today, age) => expect(ageOn(dob, today)).toBe(age));
});

describe('matchesExpression at depth', () => {
  // (postal 92612 OR (age < 21 AND (domain example.com OR (first name Morgan))))
  const deep = or(
    [cmp('postalCode', 'EQ', '10001')],
    [and([cmp('ageYears', 'GTE', 21)], [or([cmp('emailDomain', 'EQ', 'gmail.com')], [and([cmp('firstName', 'EQ', 'morgan')])])])],
  );
  it('decides four levels down', () => {
    expect(matchesExpression(deep, facts)).toBe(true);
    expect(matchesExpression(deep, { ...facts, firstName: 'Sam' })).toBe(false);
    expect(matchesExpression(deep, { ...facts, firstName: 'Sam', emailDomain: 'gmail.com' })).toBe(true);
    expect(matchesExpression(deep, { ...facts, ageYears: 20 })).toBe(false);
  });
  it('a missing fact deep down is false there, and OR can still admit', () => {
    expect(matchesExpression(deep, { ...facts, firstName: null as unknown as string })).toBe(false);
    expect(matchesExpression(deep, { ...facts, firstName: null as unknown as string, postalCode: '10001' })).toBe(true);
  });
  it.each(['EQ', 'NE', 'IN', 'NOT_IN', 'GT', 'GTE', 'LT', 'LTE', 'BETWEEN', 'CONTAINS', 'STARTS_WITH'] as const)('%s is false on a missing fact', (op) => {
    expect(matchesComparison(cmp('postalCode', op, '1', '99999'), { ...facts, postalCode: null })).toBe(false);
  });
});

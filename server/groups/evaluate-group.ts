import { expressionProblems, ruleFields } from '../../event-schemas/contract/group-rules';
import type { FieldError } from '../core/problem';
import { participantFields, type ComparisonExpression, type FieldCode, type FieldKind, type LogicalExpression } from './group-expression';

/** What a group can be decided on, for one participant. Pure data: the evaluator does no I/O. */
export type ParticipantFacts = Record<FieldCode, string | number | null>;

/**
 * The fields an expression may test and their kinds. Groups test participant fields; a certificate variant's
 * redemption criteria test the redemption policy fields. One evaluator serves both, so the operators mean the same.
 */
export interface FieldCatalogue {
  fields: readonly { fieldCode: string; kind: FieldKind }[];
  kindOf: ReadonlyMap<string, FieldKind>;
}
export const fieldCatalogue = (fields: readonly { fieldCode: string; kind: FieldKind }[]): FieldCatalogue => ({
  fields,
  kindOf: new Map(fields.map((f) => [f.fieldCode, f.kind])),
});
const participantCatalogue = fieldCatalogue(participantFields);
type Facts = Readonly<Record<string, string | number | null | undefined>>;

/** Checks that every comparison names a known field, an operator that suits it and usable values (the shared rule). */
export function checkExpression(e: LogicalExpression, path: string, catalogue: FieldCatalogue = participantCatalogue): FieldError[] {
  return expressionProblems(e, path, ruleFields(catalogue.fields));
}

const compare = (kind: FieldKind, a: string | number, b: string | number): number => {
  if (kind === 'number') return Number(a) - Number(b);
  const x = kind === 'text' ? String(a).toLowerCase() : String(a);
  const y = kind === 'text' ? String(b).toLowerCase() : String(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** A comparison against a missing fact is false (NE and NOT_IN included): unknown data never widens a group. */
export function matchesComparison(c: ComparisonExpression, facts: Facts, catalogue: FieldCatalogue = participantCatalogue): boolean {
  const kind = catalogue.kindOf.get(c.fieldCode);
  const actual = facts[c.fieldCode];
  if (!kind || actual === null || actual === undefined) return false;
  const cmp = (v: string | number) => compare(kind, actual, v);
  const [first, second] = c.values;
  switch (c.comparisonOperatorCode) {
    case 'EQ':
      return cmp(first) === 0;
    case 'NE':
      return cmp(first) !== 0;
    case 'IN':
      return c.values.some((v) => cmp(v) === 0);
    case 'NOT_IN':
      return c.values.every((v) => cmp(v) !== 0);
    case 'GT':
      return cmp(first) > 0;
    case 'GTE':
      return cmp(first) >= 0;
    case 'LT':
      return cmp(first) < 0;
    case 'LTE':
      return cmp(first) <= 0;
    case 'BETWEEN':
      return cmp(first) >= 0 && cmp(second) <= 0;
    case 'CONTAINS':
      return String(actual).toLowerCase().includes(String(first).toLowerCase());
    case 'STARTS_WITH':
      return String(actual).toLowerCase().startsWith(String(first).toLowerCase());
    default: {
      const never: never = c.comparisonOperatorCode;
      return never;
    }
  }
}

export function matchesExpression(e: LogicalExpression, facts: Facts, catalogue: FieldCatalogue = participantCatalogue): boolean {
  const results = [
    ...e.comparisonExpressions.map((c) => () => matchesComparison(c, facts, catalogue)),
    ...e.logicalExpressions.map((n) => () => matchesExpression(n, facts, catalogue)),
  ];
  if (results.length === 0) return false;
  return e.logicalOperatorCode === 'AND' ? results.every((r) => r()) : results.some((r) => r());
}

/** Whole years between a date of birth and today, both `YYYY-MM-DD`. */
export const ageOn = (dateOfBirth: string, today: string): number => {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
};

import { isCalendarDate } from '../calendar';
import type { ComparisonOperator, FieldKind, LogicalExpression } from './participant-groups';

/** A problem with one part of an expression: its path below the one given, and the rule it breaks. */
export interface RuleProblem {
  path: string;
  message: string;
}

/** The fields an expression may test: each one's kind and the operators it allows. */
export interface RuleFields {
  kindOf(fieldCode: string): FieldKind | undefined;
  operatorsOf(kind: FieldKind): readonly string[];
  fieldCodes: readonly string[];
}

/** The operators each kind of field allows (GET /participants/search/fields lists them per field). */
export const operatorsFor: Record<FieldKind, ComparisonOperator[]> = {
  text: ['EQ', 'NE', 'IN', 'NOT_IN', 'CONTAINS', 'STARTS_WITH'],
  number: ['EQ', 'NE', 'IN', 'NOT_IN', 'GT', 'GTE', 'LT', 'LTE', 'BETWEEN'],
  date: ['EQ', 'NE', 'GT', 'GTE', 'LT', 'LTE', 'BETWEEN'],
};

const valueCount = (op: string): [number, number] => (op === 'IN' || op === 'NOT_IN' ? [1, 100] : op === 'BETWEEN' ? [2, 2] : [1, 1]);

const validValue = (kind: FieldKind, v: string | number): boolean =>
  kind === 'number' ? Number.isFinite(Number(v)) && String(v).trim() !== '' : kind === 'date' ? isCalendarDate(String(v)) : String(v).trim() !== '';

/**
 * Every comparison names a known field, an operator that suits it and usable values. The server refuses an expression
 * with any problem (400 naming each); the group builder asks for no member count until there is none (issue 54,
 * item 8: it asked while a rule was still being written).
 */
export function expressionProblems(e: LogicalExpression, path: string, fields: RuleFields): RuleProblem[] {
  const problems: RuleProblem[] = [];
  if (e.comparisonExpressions.length === 0 && e.logicalExpressions.length === 0) problems.push({ path, message: 'must hold at least one comparison' });
  e.comparisonExpressions.forEach((c, i) => {
    const at = `${path}.comparisonExpressions.${i}`;
    const kind = fields.kindOf(c.fieldCode);
    if (!kind) return problems.push({ path: `${at}.fieldCode`, message: `must be one of ${fields.fieldCodes.join(', ')}` });
    const operators = fields.operatorsOf(kind);
    if (!operators.includes(c.comparisonOperatorCode))
      return problems.push({ path: `${at}.comparisonOperatorCode`, message: `must be one of ${operators.join(', ')} for ${c.fieldCode}` });
    const [min, max] = valueCount(c.comparisonOperatorCode);
    if (c.values.length < min || c.values.length > max)
      return problems.push({ path: `${at}.values`, message: min === max ? `must hold exactly ${min} value(s)` : `must hold ${min} to ${max} values` });
    const bad = c.values.findIndex((v) => !validValue(kind, v));
    if (bad >= 0)
      problems.push({
        path: `${at}.values.${bad}`,
        message: kind === 'date' ? 'must be a date as YYYY-MM-DD' : kind === 'number' ? 'must be a number' : 'must not be empty',
      });
  });
  e.logicalExpressions.forEach((nested, i) => problems.push(...expressionProblems(nested, `${path}.logicalExpressions.${i}`, fields)));
  return problems;
}

/** The rule fields of a list of fields with their kinds (and, as the fields' list answers them, their operators). */
export const ruleFields = (list: readonly { fieldCode: string; kind: FieldKind; operators?: readonly string[] }[]): RuleFields => {
  const byCode = new Map(list.map((f) => [f.fieldCode, f]));
  return {
    kindOf: (code) => byCode.get(code)?.kind,
    operatorsOf: (kind) => operatorsFor[kind],
    fieldCodes: list.map((f) => f.fieldCode),
  };
};

import type { ComparisonExpression, LogicalExpression } from './groups-api';

// Pure edits of a nested logical expression, addressed by a path of nested-group indexes ([] is the top).

export type GroupPath = readonly number[];

export const blankRule = (): ComparisonExpression => ({ fieldCode: 'postalCode', comparisonOperatorCode: 'EQ', values: [''] });
export const blankExpression = (logicalOperatorCode: 'AND' | 'OR' = 'AND'): LogicalExpression => ({
  logicalOperatorCode,
  comparisonExpressions: [blankRule()],
  logicalExpressions: [],
});

/** Operators as an administrator reads them; dates read as before/after rather than less/more. */
export function operatorLabel(code: string, kind: string): string {
  const date = kind === 'date';
  const words: Record<string, string> = {
    EQ: date ? 'is on' : 'equals',
    NE: date ? 'is not on' : 'does not equal',
    IN: 'is one of',
    NOT_IN: 'is not one of',
    GT: date ? 'is after' : 'is more than',
    GTE: date ? 'is on or after' : 'is at least',
    LT: date ? 'is before' : 'is less than',
    LTE: date ? 'is on or before' : 'is at most',
    BETWEEN: 'is between',
    CONTAINS: 'contains',
    STARTS_WITH: 'starts with',
  };
  return words[code] ?? code;
}

/** How many values an operator takes, as the hint under the value box says it. */
export const valuesHint = (code: string): string =>
  code === 'IN' || code === 'NOT_IN' ? 'separate values with commas' : code === 'BETWEEN' ? 'two values: from, to' : '';

/** Applies `edit` to the nested group at `path`, leaving every other level as it was. */
export function updateAt(e: LogicalExpression, path: GroupPath, edit: (g: LogicalExpression) => LogicalExpression): LogicalExpression {
  if (path.length === 0) return edit(e);
  const [head, ...rest] = path;
  return { ...e, logicalExpressions: e.logicalExpressions.map((n, i) => (i === head ? updateAt(n, rest, edit) : n)) };
}

export const addRule = (e: LogicalExpression, path: GroupPath) =>
  updateAt(e, path, (g) => ({ ...g, comparisonExpressions: [...g.comparisonExpressions, blankRule()] }));
export const removeRule = (e: LogicalExpression, path: GroupPath, index: number) =>
  updateAt(e, path, (g) => ({ ...g, comparisonExpressions: g.comparisonExpressions.filter((_, i) => i !== index) }));
export const setRule = (e: LogicalExpression, path: GroupPath, index: number, rule: ComparisonExpression) =>
  updateAt(e, path, (g) => ({ ...g, comparisonExpressions: g.comparisonExpressions.map((r, i) => (i === index ? rule : r)) }));
export const setOperator = (e: LogicalExpression, path: GroupPath, logicalOperatorCode: 'AND' | 'OR') =>
  updateAt(e, path, (g) => ({ ...g, logicalOperatorCode }));
/** A nested group starts with the other operator: nesting the same one would mean nothing new. */
export const addGroup = (e: LogicalExpression, path: GroupPath) =>
  updateAt(e, path, (g) => ({ ...g, logicalExpressions: [...g.logicalExpressions, blankExpression(g.logicalOperatorCode === 'AND' ? 'OR' : 'AND')] }));
export function removeGroup(e: LogicalExpression, path: GroupPath): LogicalExpression {
  if (path.length === 0) return e;
  const parent = path.slice(0, -1);
  const index = path[path.length - 1];
  return updateAt(e, parent, (g) => ({ ...g, logicalExpressions: g.logicalExpressions.filter((_, i) => i !== index) }));
}

/** Whether a group holds anything an administrator wrote: a rule with a value, at any depth (removing it asks first). */
export const hasContent = (g: LogicalExpression): boolean =>
  g.comparisonExpressions.some((r) => r.values.some((v) => String(v).trim() !== '')) || g.logicalExpressions.some(hasContent);

/** A value box's text as values: commas separate, numbers stay text until the server reads them by the field's kind. */
export const parseValues = (text: string): string[] => text.split(',').map((v) => v.trim());

/** The rule's operator when its field changes: kept if the new field allows it, else the field's first. */
export const operatorForField = (current: string, allowed: readonly string[]): string => (allowed.includes(current) ? current : (allowed[0] ?? current));

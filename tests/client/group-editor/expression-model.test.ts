import {
  addGroup,
  addRule,
  blankExpression,
  operatorForField,
  operatorLabel,
  removeGroup,
  removeRule,
  setOperator,
  setRule,
} from '../../../client/src/components/group-editor/expression-model';
import type { LogicalExpression } from '../../../client/src/components/group-editor/groups-api';

const rule = (fieldCode: string, value: string) => ({ fieldCode, comparisonOperatorCode: 'EQ', values: [value] });

describe('editing a nested expression', () => {
  // given: AND [zip] with nested OR [age] holding nested AND [first name]
  const start: LogicalExpression = {
    logicalOperatorCode: 'AND',
    comparisonExpressions: [rule('postalCode', '92612')],
    logicalExpressions: [
      {
        logicalOperatorCode: 'OR',
        comparisonExpressions: [rule('ageYears', '30')],
        logicalExpressions: [{ logicalOperatorCode: 'AND', comparisonExpressions: [rule('firstName', 'ana')], logicalExpressions: [] }],
      },
    ],
  };

  it('edits a rule three levels down and leaves the other levels untouched', () => {
    const edited = setRule(start, [0, 0], 0, rule('firstName', 'bob'));
    expect(edited.logicalExpressions[0].logicalExpressions[0].comparisonExpressions).toEqual([rule('firstName', 'bob')]);
    expect(edited.comparisonExpressions).toBe(start.comparisonExpressions);
    expect(edited.logicalExpressions[0].comparisonExpressions).toBe(start.logicalExpressions[0].comparisonExpressions);
    expect(start.logicalExpressions[0].logicalExpressions[0].comparisonExpressions).toEqual([rule('firstName', 'ana')]);
  });
  it('adds a nested group with the other operator and a blank rule, and removes it again', () => {
    const added = addGroup(start, [0]);
    expect(added.logicalExpressions[0].logicalExpressions[1]).toEqual(blankExpression('AND'));
    expect(addGroup(start, []).logicalExpressions[1].logicalOperatorCode).toBe('OR');
    expect(removeGroup(added, [0, 1])).toEqual(start);
    expect(removeGroup(start, [])).toBe(start);
  });
  it('adds and removes rules and switches AND/OR at one level', () => {
    const more = addRule(start, [0]);
    expect(more.logicalExpressions[0].comparisonExpressions).toHaveLength(2);
    expect(removeRule(more, [0], 1)).toEqual(start);
    expect(setOperator(start, [0, 0], 'OR').logicalExpressions[0].logicalExpressions[0].logicalOperatorCode).toBe('OR');
  });
});

describe('words for operators', () => {
  it.each([
    ['EQ', 'text', 'equals'],
    ['NE', 'number', 'does not equal'],
    ['IN', 'text', 'is one of'],
    ['NOT_IN', 'text', 'is not one of'],
    ['GT', 'number', 'is more than'],
    ['GTE', 'number', 'is at least'],
    ['LT', 'date', 'is before'],
    ['LTE', 'date', 'is on or before'],
    ['BETWEEN', 'date', 'is between'],
    ['CONTAINS', 'text', 'contains'],
    ['STARTS_WITH', 'text', 'starts with'],
  ])('%s on a %s field reads "%s"', (code, kind, words) => expect(operatorLabel(code, kind)).toBe(words));
  it('keeps the operator when the new field allows it, else takes its first', () => {
    expect(operatorForField('IN', ['EQ', 'IN'])).toBe('IN');
    expect(operatorForField('CONTAINS', ['EQ', 'GT'])).toBe('EQ');
  });
});

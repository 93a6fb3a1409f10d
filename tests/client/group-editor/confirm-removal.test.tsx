import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { ExpressionEditor } from '../../../client/src/components/group-editor/expression-editor';
import { blankExpression, hasContent } from '../../../client/src/components/group-editor/expression-model';
import type { LogicalExpression, ParticipantField } from '../../../client/src/components/group-editor/groups-api';

// Issue 13: a destructive action in an admin screen asks first. Removing a nested group with rules written in it
// asks; an empty one goes at once (as the survey builder does with a question).
const fields: ParticipantField[] = [{ fieldCode: 'postalCode', name: 'Postal code', kind: 'text', operators: ['EQ', 'IN'] }];
const zip = (value: string): LogicalExpression => ({
  logicalOperatorCode: 'OR',
  comparisonExpressions: [{ fieldCode: 'postalCode', comparisonOperatorCode: 'EQ', values: [value] }],
  logicalExpressions: [],
});
const start: LogicalExpression = { ...blankExpression(), logicalExpressions: [zip('92612'), zip('')] };

function Harness({ seen }: { seen: (e: LogicalExpression) => void }) {
  const [root, setRoot] = useState(start);
  return (
    <ExpressionEditor
      root={root}
      path={[]}
      fields={fields}
      onChange={(e) => {
        seen(e);
        setRoot(e);
      }}
    />
  );
}

const nestedGroup = (n: string) => screen.getByRole('group', { name: `Nested group ${n}` });

describe('removing a nested group of a participant group', () => {
  it('knows which groups hold something written', () => {
    expect(hasContent(zip('92612'))).toBe(true);
    expect(hasContent(zip(' '))).toBe(false);
    expect(hasContent({ ...zip(''), logicalExpressions: [zip('92612')] })).toBe(true);
    expect(hasContent(blankExpression())).toBe(false);
  });

  it('asks before removing one with rules written in it, and keeps it when told to', () => {
    const seen = jest.fn();
    render(<Harness seen={seen} />);
    fireEvent.click(within(nestedGroup('1')).getByRole('button', { name: 'Remove this nested group' }));
    expect(screen.getByRole('alert').textContent).toBe('Remove nested group 1 and the rules in it?');
    expect(seen).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep nested group 1' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('group', { name: /^Nested group/ })).toHaveLength(2);

    fireEvent.click(within(nestedGroup('1')).getByRole('button', { name: 'Remove this nested group' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove nested group 1' }));
    expect(seen).toHaveBeenLastCalledWith({ ...start, logicalExpressions: [zip('')] });
  });

  it('removes an empty one at once', () => {
    const seen = jest.fn();
    render(<Harness seen={seen} />);
    fireEvent.click(within(nestedGroup('2')).getByRole('button', { name: 'Remove this nested group' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(seen).toHaveBeenLastCalledWith({ ...start, logicalExpressions: [zip('92612')] });
  });
});

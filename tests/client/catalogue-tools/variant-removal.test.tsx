import { fireEvent, render, screen } from '@testing-library/react';
import { useUnit } from 'effector-react';
import { VariantRows } from '../../../client/src/features/catalogue-tools/components/variant-rows';
import { $categoryDraft, formCleared, variantAdded, variantChanged, variantHasContent } from '../../../client/src/features/catalogue-tools/model';
import { blankExpression } from '../../../client/src/components/group-editor/expression-model';

// Issue 13: a destructive action in an admin screen asks first. A variant with an amount, a price or rules asks
// before it is removed, and so does keeping only the first variant when a later one holds something.
function Harness() {
  const draft = useUnit($categoryDraft);
  return <VariantRows variants={draft.variants} errors={{}} policyFields={[]} />;
}
const amounts = () => $categoryDraft.getState().variants.map((v) => v.amount);

describe("removing a category's variants", () => {
  beforeEach(() => {
    formCleared();
    variantAdded();
    variantAdded();
    variantChanged({ index: 0, patch: { amount: 40 } });
    variantChanged({ index: 1, patch: { amount: 80 } });
  });

  it('knows which variants hold something entered', () => {
    const blank = { amount: null, purchaseAmount: null, redemptionCriteria: blankExpression() };
    expect(variantHasContent(blank)).toBe(false);
    expect(variantHasContent({ ...blank, purchaseAmount: 800 })).toBe(true);
    const rule = { fieldCode: 'lifetimePoints', comparisonOperatorCode: 'GTE', values: ['1000'] };
    expect(variantHasContent({ ...blank, redemptionCriteria: { ...blankExpression(), comparisonExpressions: [rule] } })).toBe(true);
  });

  it('asks before removing a variant with an amount, keeps it when told to, and removes an empty one at once', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove variant 2' }));
    expect(screen.getByRole('alert').textContent).toBe('Remove variant 2, with its amount, price and rules?');
    expect(amounts()).toEqual([40, 80, null]);
    fireEvent.click(screen.getByRole('button', { name: 'Keep variant 2' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(amounts()).toEqual([40, 80, null]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove variant 3' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(amounts()).toEqual([40, 80]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove variant 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove variant 2' }));
    expect(amounts()).toEqual([40]);
  });

  it('asks before keeping only the first variant when a later one holds something', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Keep only the first variant' }));
    expect(screen.getByRole('alert').textContent).toBe('Remove variants 2 to 3, with their amounts, prices and rules, keeping only the first?');
    fireEvent.click(screen.getByRole('button', { name: 'Keep them all' }));
    expect(amounts()).toEqual([40, 80, null]);
    fireEvent.click(screen.getByRole('button', { name: 'Keep only the first variant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, keep only the first variant' }));
    expect(amounts()).toEqual([40]);
  });
});

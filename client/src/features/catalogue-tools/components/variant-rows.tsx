import { useEffect, useState, type ReactElement } from 'react';
import { Button } from 'primereact/button';
import { TypedNumberInput } from '../../../components/typed-number-input';
import { ExpressionEditor } from '../../../components/group-editor/expression-editor';
import type { ParticipantField } from '../../../components/group-editor/groups-api';
import { criteriaForSave, variantAdded, variantChanged, variantHasContent, variantRemoved, variantsTrimmed, type VariantRow } from '../model';
import { describedBy } from './form-row';
import { FieldError } from '../../../components/field-error';

/**
 * The variants a member can buy: a dollar amount each, priced in points, and who may buy or redeem it (criteria
 * over the redemption policy fields, edited like a group; left blank, every member). Rows are added and removed
 * freely; "Keep only the first variant" trims the list (spec).
 */
export function VariantRows({ variants, errors, policyFields }: { variants: VariantRow[]; errors: Record<string, string>; policyFields: ParticipantField[] }) {
  // What is being asked about before it goes: one variant (by its row key, so other edits cannot move the question
  // onto another row) or every variant but the first.
  const [confirming, setConfirming] = useState<number | 'trim' | null>(null);
  const asked = confirming === null || confirming === 'trim' ? -1 : variants.findIndex((v) => v.key === confirming);
  const remove = (i: number) => (variantHasContent(variants[i]) ? setConfirming(variants[i].key) : variantRemoved(i));
  const trim = () => (variants.slice(1).some(variantHasContent) ? setConfirming('trim') : variantsTrimmed());
  const confirmed = () => {
    if (confirming === 'trim') variantsTrimmed();
    else if (asked >= 0) variantRemoved(asked);
    setConfirming(null);
  };
  const criteriaError = (i: number) =>
    Object.entries(errors)
      .filter(([path]) => path.startsWith(`variants.${i}.redemptionCriteria`))
      .map(([, message]) => message)
      .join(' ');
  const cell = (i: number, field: 'amount' | 'purchaseAmount') => {
    const id = `variant-${i}-${field}`;
    const error = errors[`variants.${i}.${field}`];
    const label = field === 'amount' ? `Variant ${i + 1} amount in dollars` : `Variant ${i + 1} price in points`;
    return (
      <td>
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        {/* As typed (issue 28): InputNumber dropped "abc" and clamped -5 without a word; the server's refusal names the cell. */}
        <TypedNumberInput
          id={id}
          value={variants[i][field]}
          decimals={field === 'amount'}
          {...describedBy(id, error)}
          onValue={(n) => variantChanged({ index: i, patch: { [field]: n } })}
        />
        {error && <FieldError className="catalogue-tools__field-error" id={`${id}-error`} label={label} error={error} />}
      </td>
    );
  };
  return (
    <fieldset className="catalogue-tools__panel" data-testid="variants">
      <legend>Variants</legend>
      {errors.variants && <FieldError className="catalogue-tools__field-error" label="Variants" error={errors.variants} />}
      <table className="catalogue-tools__variants">
        <thead>
          <tr>
            <th scope="col">Amount (dollars)</th>
            <th scope="col">Price (points)</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {variants.map((v, i) => (
            <VariantRowCells key={v.key} index={i} variant={v} cell={cell} policyFields={policyFields} error={criteriaError(i)} onRemove={remove} />
          ))}
        </tbody>
      </table>
      {((confirming === 'trim' && variants.length > 1) || asked >= 0) && (
        <p className="catalogue-tools__confirm">
          <span role="alert">
            {confirming === 'trim'
              ? `Remove variants 2 to ${variants.length}, with their amounts, prices and rules, keeping only the first?`
              : `Remove variant ${asked + 1}, with its amount, price and rules?`}
          </span>{' '}
          <Button
            type="button"
            label={confirming === 'trim' ? 'Yes, keep only the first variant' : `Yes, remove variant ${asked + 1}`}
            severity="danger"
            size="small"
            onClick={confirmed}
          />
          <Button
            type="button"
            label={confirming === 'trim' ? 'Keep them all' : `Keep variant ${asked + 1}`}
            text
            size="small"
            onClick={() => setConfirming(null)}
          />
        </p>
      )}
      <Button type="button" label="Add variant" icon="pi pi-plus" text onClick={() => variantAdded()} />
      {variants.length > 1 && <Button type="button" label="Keep only the first variant" text onClick={trim} />}
    </fieldset>
  );
}

function VariantRowCells({
  index: i,
  variant,
  cell,
  policyFields,
  error,
  onRemove,
}: {
  index: number;
  variant: VariantRow;
  cell: (i: number, field: 'amount' | 'purchaseAmount') => ReactElement;
  policyFields: ParticipantField[];
  error: string;
  onRemove: (i: number) => void;
}) {
  const everyone = criteriaForSave(variant.redemptionCriteria) === null;
  // Open when there are rules or a message about them; then the admin's own toggling decides.
  const [open, setOpen] = useState(!everyone || !!error);
  useEffect(() => {
    if (error) setOpen(true);
  }, [error]);
  return (
    <>
      <tr>
        {cell(i, 'amount')}
        {cell(i, 'purchaseAmount')}
        <td>
          <Button type="button" icon="pi pi-trash" text severity="danger" aria-label={`Remove variant ${i + 1}`} onClick={() => onRemove(i)} />
        </td>
      </tr>
      <tr>
        <td colSpan={3}>
          <details className="catalogue-tools__criteria" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
            <summary>
              Variant {i + 1}: {everyone ? 'offered to every member' : 'offered only to members who meet its rules'}
            </summary>
            {policyFields.length > 0 && (
              <ExpressionEditor
                root={variant.redemptionCriteria}
                path={[]}
                fields={policyFields}
                idPrefix={`variant-${i}-criteria`}
                title={`Who may buy or redeem variant ${i + 1}`}
                onChange={(redemptionCriteria) => variantChanged({ index: i, patch: { redemptionCriteria } })}
              />
            )}
            {error && <FieldError className="catalogue-tools__field-error" label={`Who may buy or redeem variant ${i + 1}`} error={error} />}
          </details>
        </td>
      </tr>
    </>
  );
}

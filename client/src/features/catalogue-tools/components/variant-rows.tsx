import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { describedBy } from './form-row';
import { variantAdded, variantChanged, variantRemoved, type VariantRow } from '../model';

/** The variants a member can buy: a dollar amount each, priced in points; rows are added and removed freely. */
export function VariantRows({ variants, errors }: { variants: VariantRow[]; errors: Record<string, string> }) {
  const cell = (i: number, field: 'amount' | 'purchaseAmount') => {
    const id = `variant-${i}-${field}`;
    const error = errors[`variants.${i}.${field}`];
    const label = field === 'amount' ? `Variant ${i + 1} amount in dollars` : `Variant ${i + 1} price in points`;
    return (
      <td>
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        <InputNumber
          inputId={id}
          value={variants[i][field]}
          min={0}
          {...(field === 'amount' ? { mode: 'currency' as const, currency: 'USD', locale: 'en-US' } : { suffix: ' pts' })}
          {...describedBy(id, error)}
          onValueChange={(e) => variantChanged({ index: i, patch: { [field]: e.value ?? null } })}
        />
        {error && (
          <p className="catalogue-tools__field-error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </td>
    );
  };
  return (
    <fieldset className="catalogue-tools__panel" data-testid="variants">
      <legend>Variants</legend>
      {errors.variants && <p className="catalogue-tools__field-error">{errors.variants}</p>}
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
            <tr key={v.key}>
              {cell(i, 'amount')}
              {cell(i, 'purchaseAmount')}
              <td>
                <Button type="button" icon="pi pi-trash" text severity="danger" aria-label={`Remove variant ${i + 1}`} onClick={() => variantRemoved(i)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button type="button" label="Add variant" icon="pi pi-plus" text onClick={() => variantAdded()} />
    </fieldset>
  );
}

import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { amountError, AMOUNT_BOUNDS, formatAmount, isAboveUsual } from '../../../../../event-schemas/contract/amount-bounds';
import { NativeSelect } from '../../../components/native-select';
import { TypedNumberInput } from '../../../components/typed-number-input';
import { confirm } from '../../../stores/dialogs';
import type { Option, Product, ProductCategory, ProductFields } from '../api/catalogue-api';
import { describedBy, FormRow } from './form-row';

/** Empty numbers stay null so that the server, not a silent 0, says what is missing. */
type Draft = { name: string; category: ProductCategory | null; brand: string | null; msrpPerUnit: number | null; pointsPerUnit: number | null };

const draftOf = (p: Product | null): Draft =>
  p
    ? { name: p.name, category: p.category, brand: p.brand, msrpPerUnit: p.msrpPerUnit, pointsPerUnit: p.pointsPerUnit }
    : { name: '', category: null, brand: null, msrpPerUnit: null, pointsPerUnit: null };

type AmountKey = 'msrpPerUnit' | 'pointsPerUnit';
const BOUND_OF = { msrpPerUnit: 'productMsrpPerUnit', pointsPerUnit: 'productPointsPerUnit' } as const;

/** The shared bounds' words for each amount the server would refuse (an empty field is the server's to name). */
const amountErrors = (d: Draft): Partial<Record<AmountKey, string>> => {
  const out: Partial<Record<AmountKey, string>> = {};
  for (const key of ['msrpPerUnit', 'pointsPerUnit'] as const) {
    const error = amountError(BOUND_OF[key], d[key]);
    if (error) out[key] = error;
  }
  return out;
};

/** What is far above the usual, in words, for the second confirmation; empty when nothing is. */
export const unusualAmounts = (d: Pick<Draft, AmountKey>): string[] => [
  ...(isAboveUsual('productMsrpPerUnit', d.msrpPerUnit)
    ? [
        `Its MSRP is ${formatAmount('productMsrpPerUnit', d.msrpPerUnit ?? 0)} per unit (usually at most ${formatAmount('productMsrpPerUnit', AMOUNT_BOUNDS.productMsrpPerUnit.usual)}).`,
      ]
    : []),
  ...(isAboveUsual('productPointsPerUnit', d.pointsPerUnit)
    ? [
        `This product earns ${formatAmount('productPointsPerUnit', d.pointsPerUnit ?? 0)} points per unit (usually at most ${formatAmount('productPointsPerUnit', AMOUNT_BOUNDS.productPointsPerUnit.usual)}).`,
      ]
    : []),
];

/**
 * Create or edit one product; `errors` are the server's field messages, shown beside their fields. An amount past the
 * shared bounds is refused on its field once the admin leaves it (and on save), in the server's words; one far above
 * the usual is saved only after a second confirmation.
 */
export function ProductForm(props: {
  product: Product | null;
  options: { brands: Option[]; categories: Option[] };
  errors: Record<string, string>;
  saving: boolean;
  onSave: (fields: ProductFields) => void;
  onCancel: () => void;
}) {
  const { product, options, errors: serverErrors } = props;
  const [draft, setDraft] = useState<Draft>(() => draftOf(product));
  const [left, setLeft] = useState<Partial<Record<AmountKey, boolean>>>({});
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const local = amountErrors(draft);
  // The form's own check wins once the field was left; the server's message stays until the field changes.
  const errors = { ...serverErrors, ...Object.fromEntries(Object.entries(local).filter(([k]) => left[k as AmountKey])) } as Record<string, string | undefined>;
  const leave = (key: AmountKey) => () => setLeft((l) => ({ ...l, [key]: true }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setLeft({ msrpPerUnit: true, pointsPerUnit: true });
    if (Object.keys(local).length) return;
    // Nulls go as they are: the server answers 400 naming each missing field.
    const save = () => props.onSave(draft as ProductFields);
    const unusual = unusualAmounts(draft);
    if (!unusual.length) return save();
    confirm({ title: 'Save an unusual amount?', message: `${unusual.join(' ')} Save it?`, yesLabel: 'Yes, save', noLabel: 'Go back', onYes: save });
  };
  const title = product ? `Edit ${product.name}` : 'New product';
  return (
    <form className="catalogue-tools__panel" aria-label={title} onSubmit={submit} noValidate>
      <h2>{title}</h2>
      <div className="catalogue-tools__form">
        <FormRow id="product-name" label="Name" error={errors.name}>
          <InputText id="product-name" value={draft.name} onChange={(e) => set({ name: e.target.value })} {...describedBy('product-name', errors.name)} />
        </FormRow>
        <FormRow id="product-category" label="Category" error={errors.category}>
          <NativeSelect<ProductCategory | null>
            id="product-category"
            value={draft.category}
            options={options.categories.map((c) => ({ label: c.name, value: c.code as ProductCategory }))}
            invalid={!!errors.category}
            onChange={(category) => set({ category })}
          />
        </FormRow>
        <FormRow id="product-brand" label="Brand" error={errors.brand}>
          <NativeSelect<string | null>
            id="product-brand"
            value={draft.brand}
            options={options.brands.map((b) => ({ label: b.name, value: b.code }))}
            invalid={!!errors.brand}
            onChange={(brand) => set({ brand })}
          />
        </FormRow>
        <FormRow id="product-msrp" label="MSRP per unit" error={errors.msrpPerUnit}>
          {/* As typed (issue 28): InputNumber dropped a decimal point and what it could not read; the form says what is wrong. */}
          <TypedNumberInput
            id="product-msrp"
            value={draft.msrpPerUnit}
            decimals
            {...describedBy('product-msrp', errors.msrpPerUnit)}
            onBlur={leave('msrpPerUnit')}
            onValue={(msrpPerUnit) => set({ msrpPerUnit })}
          />
        </FormRow>
        <FormRow id="product-points" label="Points per unit" error={errors.pointsPerUnit}>
          <TypedNumberInput
            id="product-points"
            value={draft.pointsPerUnit}
            {...describedBy('product-points', errors.pointsPerUnit)}
            onBlur={leave('pointsPerUnit')}
            onValue={(pointsPerUnit) => set({ pointsPerUnit })}
          />
        </FormRow>
      </div>
      <div className="catalogue-tools__actions">
        <Button type="button" label="Cancel" text onClick={props.onCancel} />
        <Button type="submit" label={product ? 'Save product' : 'Add product'} loading={props.saving} />
      </div>
    </form>
  );
}

import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { NativeSelect } from '../../../components/native-select';
import type { Option, Product, ProductCategory, ProductFields } from '../api/catalogue-api';
import { describedBy, FormRow } from './form-row';

/** Empty numbers stay null so that the server, not a silent 0, says what is missing. */
type Draft = { name: string; category: ProductCategory | null; brand: string | null; msrpPerUnit: number | null; pointsPerUnit: number | null };

const draftOf = (p: Product | null): Draft =>
  p
    ? { name: p.name, category: p.category, brand: p.brand, msrpPerUnit: p.msrpPerUnit, pointsPerUnit: p.pointsPerUnit }
    : { name: '', category: null, brand: null, msrpPerUnit: null, pointsPerUnit: null };

/** Create or edit one product; `errors` are the server's field messages, shown beside their fields. */
export function ProductForm(props: {
  product: Product | null;
  options: { brands: Option[]; categories: Option[] };
  errors: Record<string, string>;
  saving: boolean;
  onSave: (fields: ProductFields) => void;
  onCancel: () => void;
}) {
  const { product, options, errors } = props;
  const [draft, setDraft] = useState<Draft>(() => draftOf(product));
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Nulls go as they are: the server answers 400 naming each missing field.
    props.onSave(draft as ProductFields);
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
          <InputNumber
            inputId="product-msrp"
            value={draft.msrpPerUnit}
            mode="currency"
            currency="USD"
            locale="en-US"
            min={0}
            {...describedBy('product-msrp', errors.msrpPerUnit)}
            onValueChange={(e) => set({ msrpPerUnit: e.value ?? null })}
          />
        </FormRow>
        <FormRow id="product-points" label="Points per unit" error={errors.pointsPerUnit}>
          <InputNumber
            inputId="product-points"
            value={draft.pointsPerUnit}
            min={0}
            {...describedBy('product-points', errors.pointsPerUnit)}
            onValueChange={(e) => set({ pointsPerUnit: e.value ?? null })}
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

import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { formatDate } from '../../../lib/format';
import { FieldRow, invalidProps } from './field-row';
import type { StepProps } from './step-props';

/** Step 1: name, description, code, dates; the type is FLAT_PAYOUT, the one payout structure the spec shows. */
export function OverviewStep({ draft, errors, set, readOnly }: StepProps) {
  const text = (field: 'name' | 'promotionCode', label: string, hint?: string) => {
    const key = `overview.${field}`;
    return (
      <FieldRow id={`promo-${field}`} label={label} error={errors[key]}>
        <InputText
          id={`promo-${field}`}
          value={draft[field]}
          placeholder={hint}
          disabled={readOnly}
          {...invalidProps(`promo-${field}`, errors[key])}
          onChange={(e) => set({ [field]: e.target.value }, [key])}
        />
      </FieldRow>
    );
  };
  // The browser's date input shows the date the user's way and holds YYYY-MM-DD; read-only, it is spelled MM/DD/YYYY.
  const date = (field: 'fromDate' | 'thruDate', label: string) => {
    const key = `overview.${field}`;
    return (
      <FieldRow id={`promo-${field}`} label={label} error={errors[key]}>
        {readOnly ? (
          <InputText id={`promo-${field}`} value={formatDate(draft[field])} disabled />
        ) : (
          <InputText
            id={`promo-${field}`}
            type="date"
            value={draft[field]}
            {...invalidProps(`promo-${field}`, errors[key])}
            onChange={(e) => set({ [field]: e.target.value }, [key])}
          />
        )}
      </FieldRow>
    );
  };
  return (
    <div className="promo-builder__form">
      {text('name', 'Name')}
      <FieldRow id="promo-description" label="Description (shown on the tile)" error={errors['overview.description']}>
        <InputTextarea
          id="promo-description"
          rows={3}
          value={draft.description}
          disabled={readOnly}
          {...invalidProps('promo-description', errors['overview.description'])}
          onChange={(e) => set({ description: e.target.value }, ['overview.description'])}
        />
      </FieldRow>
      {text('promotionCode', 'Promotion code', 'Letters, digits, - or _')}
      <FieldRow id="promo-typeCode" label="Type">
        <InputText id="promo-typeCode" value="Flat payout" disabled />
      </FieldRow>
      {date('fromDate', 'From')}
      {date('thruDate', 'Through')}
    </div>
  );
}

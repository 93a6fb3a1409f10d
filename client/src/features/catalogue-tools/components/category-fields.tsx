import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { TypedNumberInput } from '../../../components/typed-number-input';
import { NativeSelect } from '../../../components/native-select';
import type { CategoryType, DisplayStatus, Option } from '../api/catalogue-api';
import { describedBy, FormRow } from './form-row';
import { fieldChanged, type CategoryDraft } from '../model';

const TYPES = [
  { label: 'Purchasable with points (gift shop)', value: 'PURCHASABLE' as CategoryType },
  { label: 'Not purchasable', value: null as CategoryType },
];
const STATUSES = [
  { label: 'Active', value: 'ACTIVE' as DisplayStatus },
  { label: 'Inactive (hidden from the gift shop)', value: 'INACTIVE' as DisplayStatus },
];

/** The category's own fields; each edit sets one field of the draft. The code is fixed once the category exists. */
export function CategoryFields({ draft, errors, isNew, cardArt }: { draft: CategoryDraft; errors: Record<string, string>; isNew: boolean; cardArt: Option[] }) {
  // The current design stays choosable even when content does not list it (or did not answer).
  const designs =
    draft.cardArtId && !cardArt.some((a) => a.code === draft.cardArtId) ? [...cardArt, { code: draft.cardArtId, name: draft.cardArtId }] : cardArt;
  return (
    <div className="catalogue-tools__form">
      <FormRow id="category-code" label="Code" error={errors.certificateCategoryCode}>
        <InputText
          id="category-code"
          value={draft.certificateCategoryCode}
          readOnly={!isNew}
          onChange={(e) => fieldChanged({ field: 'certificateCategoryCode', value: e.target.value })}
          {...describedBy('category-code', errors.certificateCategoryCode)}
        />
      </FormRow>
      <FormRow id="category-name" label="Name" error={errors.certificateCategoryName}>
        <InputText
          id="category-name"
          value={draft.certificateCategoryName}
          onChange={(e) => fieldChanged({ field: 'certificateCategoryName', value: e.target.value })}
          {...describedBy('category-name', errors.certificateCategoryName)}
        />
      </FormRow>
      <FormRow id="category-description" label="Description" error={errors.certificateCategoryDesc}>
        <InputTextarea
          id="category-description"
          rows={2}
          value={draft.certificateCategoryDesc}
          onChange={(e) => fieldChanged({ field: 'certificateCategoryDesc', value: e.target.value })}
          {...describedBy('category-description', errors.certificateCategoryDesc)}
        />
      </FormRow>
      <FormRow id="category-terms" label="Terms and conditions" error={errors.termsAndConditions}>
        <InputTextarea
          id="category-terms"
          rows={3}
          value={draft.termsAndConditions}
          onChange={(e) => fieldChanged({ field: 'termsAndConditions', value: e.target.value })}
          {...describedBy('category-terms', errors.termsAndConditions)}
        />
      </FormRow>
      <FormRow id="category-type" label="Type" error={errors.certificateCategoryType}>
        <NativeSelect<CategoryType>
          id="category-type"
          value={draft.certificateCategoryType}
          options={TYPES}
          onChange={(value) => fieldChanged({ field: 'certificateCategoryType', value })}
        />
      </FormRow>
      <FormRow id="category-status" label="Status" error={errors.displayStatusTypeCode}>
        <NativeSelect<DisplayStatus>
          id="category-status"
          value={draft.displayStatusTypeCode}
          options={STATUSES}
          onChange={(value) => fieldChanged({ field: 'displayStatusTypeCode', value })}
        />
      </FormRow>
      <FormRow id="category-expiration" label="Valid for (days)" error={errors.defaultExpirationLengthDays}>
        {/* As typed: -5 stays -5 and the server's refusal names it, rather than a silent 365. */}
        <TypedNumberInput
          id="category-expiration"
          value={draft.defaultExpirationLengthDays}
          {...describedBy('category-expiration', errors.defaultExpirationLengthDays)}
          onValue={(n) => fieldChanged({ field: 'defaultExpirationLengthDays', value: n ?? Number.NaN })}
        />
      </FormRow>
      <FormRow id="category-max-quantity" label="Most per order (empty: no limit but the cart's 5)" error={errors.maxPurchaseQuantity}>
        <TypedNumberInput
          id="category-max-quantity"
          value={draft.maxPurchaseQuantity}
          {...describedBy('category-max-quantity', errors.maxPurchaseQuantity)}
          onValue={(n) => fieldChanged({ field: 'maxPurchaseQuantity', value: n })}
        />
      </FormRow>
      <FormRow id="category-card-art" label="Card design" error={errors.cardArtId}>
        <NativeSelect<string | null>
          id="category-card-art"
          value={draft.cardArtId}
          options={[{ label: 'Programme default', value: null }, ...designs.map((a) => ({ label: a.name, value: a.code }))]}
          invalid={!!errors.cardArtId}
          onChange={(value) => fieldChanged({ field: 'cardArtId', value })}
        />
      </FormRow>
      <span />
      <span>
        <Checkbox inputId="category-nullify" checked={draft.nullifyAwards} onChange={(e) => fieldChanged({ field: 'nullifyAwards', value: !!e.checked })} />{' '}
        <label htmlFor="category-nullify">Redeeming one at a treatment cancels that treatment&apos;s points</label>
      </span>
    </div>
  );
}

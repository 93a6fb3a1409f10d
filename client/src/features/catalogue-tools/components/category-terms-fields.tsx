import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useCallback } from 'react';
import { GroupEditor } from '../../../components/group-editor/group-editor';
import type { CategoryTerms } from '../api/catalogue-api';
import { fieldChanged, type CategoryDraft, type FieldChange } from '../model';
import { describedBy, FormRow } from './form-row';
import { UsDateInput } from './us-date-input';

type NumberField = {
  [K in keyof CategoryTerms]: CategoryTerms[K] extends number | null ? K : never;
}[keyof CategoryTerms];
type TextField = 'promoType' | 'promoName' | 'displayCategory' | 'certificateType' | 'eligibleUserType' | 'quantityPerTreatmentCertificateType';
type FlagField = 'transferable' | 'showActivationDate' | 'isPromo' | 'quantityPerBrandFlag';

/**
 * The terms of a category: when it is on sale, to whom, how many a treatment may redeem and from when, and how a
 * promotion's category is labelled. Fields that decide nothing in this programme are grouped last and say so.
 */
export function CategoryTermsFields({ draft, errors, onError }: { draft: CategoryDraft; errors: Record<string, string>; onError: (m: string) => void }) {
  const set = (change: FieldChange) => fieldChanged(change);
  const onGroup = useCallback((groupId: number | null) => fieldChanged({ field: 'groupId', value: groupId }), []);
  const number = (field: NumberField, label: string, opts: { min: number; max: number; nullable: boolean }) => (
    <FormRow id={`category-${field}`} label={label} error={errors[field]}>
      <InputNumber
        inputId={`category-${field}`}
        value={draft[field]}
        min={opts.min}
        max={opts.max}
        {...describedBy(`category-${field}`, errors[field])}
        onValueChange={(e) => set({ field, value: e.value ?? (opts.nullable ? null : opts.min) } as FieldChange)}
      />
    </FormRow>
  );
  const text = (field: TextField, label: string) => (
    <FormRow id={`category-${field}`} label={label} error={errors[field]}>
      <InputText
        id={`category-${field}`}
        value={draft[field] ?? ''}
        {...describedBy(`category-${field}`, errors[field])}
        onChange={(e) => set({ field, value: e.target.value === '' ? null : e.target.value })}
      />
    </FormRow>
  );
  const flag = (field: FlagField, label: string) => (
    <>
      <span />
      <span>
        <Checkbox inputId={`category-${field}`} checked={draft[field]} onChange={(e) => set({ field, value: !!e.checked })} />{' '}
        <label htmlFor={`category-${field}`}>{label}</label>
      </span>
    </>
  );
  const date = (field: 'startDate' | 'endDate', label: string) => (
    <FormRow id={`category-${field}`} label={label} error={errors[field]}>
      <UsDateInput
        id={`category-${field}`}
        value={draft[field]}
        invalid={!!errors[field]}
        describedBy={errors[field] ? `category-${field}-error` : undefined}
        onChange={(value) => set({ field, value })}
      />
    </FormRow>
  );

  return (
    <>
      <fieldset className="catalogue-tools__panel">
        <legend>On sale</legend>
        <div className="catalogue-tools__form">
          {date('startDate', 'On sale from (MM/DD/YYYY, empty: already)')}
          {date('endDate', 'On sale until (MM/DD/YYYY, empty: no end)')}
          {number('totalUseable', 'Most ever sold in the gift shop (empty: no limit)', { min: 1, max: 1_000_000, nullable: true })}
          {flag('transferable', 'May be bought as a gift for someone else')}
        </div>
        <p className="catalogue-tools__hint">
          {draft.totalUseable === null
            ? 'The gift shop sells as many as members order.'
            : `Counted over every member's orders, including those already sold: once ${draft.totalUseable} are sold the gift shop shows it sold out; until then it shows how many are left.`}
        </p>
        <GroupEditor groupId={draft.groupId} onChange={onGroup} onError={onError} />
        <p className="catalogue-tools__hint">
          {draft.groupId === null ? 'Offered to every member.' : 'Offered only to the members of this group.'}
          {errors.groupId && (
            <span className="catalogue-tools__field-error">
              {' '}
              <span className="visually-hidden">Offered to group: </span>
              {errors.groupId}
            </span>
          )}
        </p>
      </fieldset>
      <fieldset className="catalogue-tools__panel">
        <legend>Redeeming at a treatment</legend>
        <div className="catalogue-tools__form">
          {number('quantityInOneTreatment', 'Most redeemed at one treatment (empty: no limit)', { min: 1, max: 20, nullable: true })}
          {number('daysToRestrictRedemption', 'Days after issue before it may be redeemed', { min: 0, max: 365, nullable: false })}
          {flag('showActivationDate', 'Show members the day it may first be redeemed')}
        </div>
      </fieldset>
      <fieldset className="catalogue-tools__panel">
        <legend>Promotion</legend>
        <div className="catalogue-tools__form">
          {flag('isPromo', "A promotion's certificate: the gift shop shows its promotion name")}
          {text('promoName', 'Promotion name')}
          {text('promoType', 'Promotion type')}
        </div>
      </fieldset>
      <details className="catalogue-tools__panel">
        <summary>Other fields of the record (kept as entered; they decide nothing in this programme)</summary>
        <div className="catalogue-tools__form">
          {text('displayCategory', 'Display category')}
          <FormRow
            id="category-associated"
            label="Associated category codes (comma separated)"
            error={errors['associatedCategoryCodeIds'] ?? errors['associatedCategoryCodeIds.0']}
          >
            <InputText
              id="category-associated"
              value={draft.associatedCategoryCodeIds.join(', ')}
              onChange={(e) =>
                set({
                  field: 'associatedCategoryCodeIds',
                  value: e.target.value
                    .split(',')
                    .map((c) => c.trim())
                    .filter(Boolean),
                })
              }
            />
          </FormRow>
          {text('certificateType', 'Certificate type')}
          {text('eligibleUserType', 'Eligible user type')}
          {text('quantityPerTreatmentCertificateType', 'Quantity per treatment certificate type')}
          {flag('quantityPerBrandFlag', 'Quantities per brand')}
          {number('restylaneQuantityInOneTreatment', 'Restylane quantity in one treatment', { min: 0, max: 20, nullable: false })}
          {number('dysportQuantityInOneTreatment', 'Dysport quantity in one treatment', { min: 0, max: 20, nullable: false })}
          {number('sculptraQuantityInOneTreatment', 'Sculptra quantity in one treatment', { min: 0, max: 20, nullable: false })}
        </div>
      </details>
    </>
  );
}

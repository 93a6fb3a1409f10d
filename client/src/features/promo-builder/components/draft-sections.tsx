import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { NativeSelect } from '../../../components/native-select';
import { GroupEditor } from '../../../components/group-editor/group-editor';
import { FieldRow, invalidProps } from './field-row';
import type { FieldErrors, PromotionDraft } from '../promo-draft';

interface SectionProps {
  draft: PromotionDraft;
  errors: FieldErrors;
  set: (patch: Partial<PromotionDraft>) => void;
}

/** Overview: name, description, dates, code and type (FLAT_PAYOUT, the one payout structure the spec shows). */
export function OverviewSection({ draft, errors, set }: SectionProps) {
  const text = (field: 'name' | 'promotionCode', label: string, hint?: string) => (
    <FieldRow id={`promo-${field}`} label={label} error={errors[field]}>
      <InputText id={`promo-${field}`} value={draft[field]} placeholder={hint} {...invalidProps(`promo-${field}`, errors[field])} onChange={(e) => set({ [field]: e.target.value })} />
    </FieldRow>
  );
  const date = (field: 'fromDate' | 'thruDate', label: string) => (
    <FieldRow id={`promo-${field}`} label={label} error={errors[field]}>
      <InputText id={`promo-${field}`} type="date" value={draft[field]} {...invalidProps(`promo-${field}`, errors[field])} onChange={(e) => set({ [field]: e.target.value })} />
    </FieldRow>
  );
  return (
    <div className="promo-builder__form">
      {text('name', 'Name')}
      <FieldRow id="promo-description" label="Description" error={errors.description}>
        <InputTextarea id="promo-description" rows={3} value={draft.description} {...invalidProps('promo-description', errors.description)} onChange={(e) => set({ description: e.target.value })} />
      </FieldRow>
      {text('promotionCode', 'Promotion code', 'Letters, digits, - or _')}
      <FieldRow id="promo-typeCode" label="Type" error={errors.typeCode}>
        <NativeSelect<'FLAT_PAYOUT'> id="promo-typeCode" value="FLAT_PAYOUT" options={[{ label: 'Flat payout (FLAT_PAYOUT)', value: 'FLAT_PAYOUT' }]} onChange={() => undefined} />
      </FieldRow>
      {date('fromDate', 'From')}
      {date('thruDate', 'Through')}
    </div>
  );
}

/** Participants: one group (the spec's promotions, like surveys, use their first group); none means every member. */
export function ParticipantsSection({ draft, errors, set, onError }: SectionProps & { onError: (message: string) => void }) {
  return (
    <>
      <GroupEditor groupId={draft.groupId} onChange={(groupId) => set({ groupId })} onError={onError} />
      {errors.groupIds && <Message severity="error" text={`Group: ${errors.groupIds}`} />}
    </>
  );
}

/** payoutAndRules: the server stores no payout rules, so the screen says so instead of offering a form that saves nothing. */
export function PayoutSection({ draft, errors, set }: SectionProps) {
  return (
    <>
      <Message
        severity="info"
        text="Payout rules are not available yet: the server does not store payout frequency, payout days, awards, caps or rules, so there is nothing to set here. Every promotion is a flat payout."
      />
      <div className="promo-builder__form">
        <FieldRow id="promo-certificateCategoryCode" label="Reward certificate category code (optional)" error={errors.certificateCategoryCode}>
          <InputText
            id="promo-certificateCategoryCode"
            value={draft.certificateCategoryCode}
            {...invalidProps('promo-certificateCategoryCode', errors.certificateCategoryCode)}
            onChange={(e) => set({ certificateCategoryCode: e.target.value })}
          />
        </FieldRow>
      </div>
    </>
  );
}

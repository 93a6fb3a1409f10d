import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import type { ReactNode } from 'react';
import { NativeSelect } from '../../../components/native-select';
import { TypedNumberInput } from '../../../components/typed-number-input';
import { TemplatePicker, type EmailTemplateChoice } from './template-picker';
import { SLOT_KINDS } from '../template-kinds';
import { campaignFieldSet, type CampaignDraft, type CampaignStatus } from '../model';
import { FieldError } from '../../../components/field-error';

type TextField = 'mkCode';
type TemplateField = 'createAccountTemplateId' | 'expirationReminderTemplateId' | 'newMemberTemplateId' | 'existingMemberTemplateId';
type DateField = 'fromDate' | 'thruDate';
type NumberField = 'certificateAmount' | 'daysBeforeExpirationToSendReminder';
type FlagField = 'allowReissuance' | 'loginNotificationRequired' | 'isPatientEvent';

/** The statuses in words; members can claim only from an Active campaign. */
export const STATUS_WORDS: Record<CampaignStatus, string> = { DRAFT: 'Draft', ACTIVE: 'Active', ENDED: 'Ended' };
const STATUSES = (Object.keys(STATUS_WORDS) as CampaignStatus[]).map((value) => ({ label: STATUS_WORDS[value], value }));

/** One labelled row of the form, with the server's message for that field under it. */
function Row({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && <FieldError className="campaign-tool__field-error" id={`${id}-error`} label={label} error={error} alert />}
    </>
  );
}

/** The campaign record's fields; each edit sets one property of the draft (admin spec, section 4). */
export function CampaignFields({
  draft,
  errors,
  categories,
  templates,
}: {
  draft: CampaignDraft;
  errors: Record<string, string>;
  categories: { code: string; name: string }[];
  templates: EmailTemplateChoice[];
}) {
  const template = (field: TemplateField, label: string) => (
    <TemplatePicker
      id={`campaign-${field}`}
      label={label}
      value={draft[field]}
      kind={SLOT_KINDS[field]}
      templates={templates}
      error={errors[field]}
      onChange={(value) => campaignFieldSet({ field, value })}
    />
  );
  const text = (field: TextField, label: string) => (
    <Row id={`campaign-${field}`} label={label} error={errors[field]}>
      <InputText
        id={`campaign-${field}`}
        value={draft[field] ?? ''}
        invalid={!!errors[field]}
        aria-describedby={errors[field] ? `campaign-${field}-error` : undefined}
        onChange={(e) => campaignFieldSet({ field, value: e.target.value.trim() || null })}
      />
    </Row>
  );
  const date = (field: DateField, label: string) => (
    <Row id={`campaign-${field}`} label={label} error={errors[field]}>
      <InputText
        id={`campaign-${field}`}
        type="date"
        value={draft[field] ?? ''}
        invalid={!!errors[field]}
        onChange={(e) => campaignFieldSet({ field, value: e.target.value || null })}
      />
    </Row>
  );
  const number = (field: NumberField, label: string, options: { money?: boolean } = {}) => (
    <Row id={`campaign-${field}`} label={label} error={errors[field]}>
      <TypedNumberInput
        id={`campaign-${field}`}
        value={draft[field]}
        decimals={options.money}
        invalid={!!errors[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `campaign-${field}-error` : undefined}
        onValue={(value) => campaignFieldSet({ field, value })}
      />
    </Row>
  );
  const flag = (field: FlagField, label: string) => (
    <span>
      <Checkbox inputId={`campaign-${field}`} checked={draft[field]} onChange={(e) => campaignFieldSet({ field, value: !!e.checked })} />{' '}
      <label htmlFor={`campaign-${field}`}>{label}</label>
    </span>
  );
  return (
    <>
      <div className="campaign-tool__form">
        <Row id="campaign-campaignName" label="Campaign name" error={errors.campaignName}>
          <InputText
            id="campaign-campaignName"
            value={draft.campaignName}
            invalid={!!errors.campaignName}
            onChange={(e) => campaignFieldSet({ field: 'campaignName', value: e.target.value })}
          />
        </Row>
        <Row id="campaign-status" label="Status" error={errors.statusTypeCode}>
          <NativeSelect<CampaignStatus>
            id="campaign-status"
            value={draft.statusTypeCode}
            options={STATUSES}
            onChange={(value) => campaignFieldSet({ field: 'statusTypeCode', value })}
          />
        </Row>
        {text('mkCode', 'Marketing code (utm_campaign)')}
        {date('fromDate', 'From')}
        {date('thruDate', 'Through')}
        <Row id="campaign-category" label="Certificate category" error={errors.certificateCategoryCode}>
          <NativeSelect<string | null>
            id="campaign-category"
            value={draft.certificateCategoryCode}
            options={[{ label: 'No category yet', value: null }, ...categories.map((c) => ({ label: `${c.name} (${c.code})`, value: c.code }))]}
            invalid={!!errors.certificateCategoryCode}
            onChange={(value) => campaignFieldSet({ field: 'certificateCategoryCode', value })}
          />
        </Row>
        {number('certificateAmount', 'Certificate amount ($)', { money: true })}
        {number('daysBeforeExpirationToSendReminder', 'Send the reminder this many days before the offer expires')}
        {template('createAccountTemplateId', 'Create-account e-mail')}
        {template('expirationReminderTemplateId', 'Expiration-reminder e-mail')}
        {template('newMemberTemplateId', 'New-member e-mail')}
        {template('existingMemberTemplateId', 'Existing-member e-mail')}
      </div>
      <div className="campaign-tool__checks">
        {flag('allowReissuance', 'Allow reissuance')}
        {flag('loginNotificationRequired', 'Login notification required')}
        {flag('isPatientEvent', 'Patient event (issue the offer when a member of the group has a treatment processed)')}
      </div>
    </>
  );
}

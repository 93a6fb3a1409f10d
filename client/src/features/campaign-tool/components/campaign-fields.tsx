import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import type { ReactNode } from 'react';
import { NativeSelect } from '../../../components/native-select';
import { campaignFieldSet, type CampaignDraft, type CampaignStatus } from '../model';

type TextField = 'mkCode' | 'createAccountTemplateId' | 'expirationReminderTemplateId' | 'newMemberTemplateId' | 'existingMemberTemplateId';
type DateField = 'fromDate' | 'thruDate';
type NumberField = 'certificateAmount' | 'daysBeforeExpirationToSendReminder';
type FlagField = 'allowReissuance' | 'loginNotificationRequired' | 'isPatientEvent';

const STATUSES: CampaignStatus[] = ['DRAFT', 'ACTIVE', 'ENDED'];

/** One labelled row of the form, with the server's message for that field under it. */
function Row({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p className="campaign-tool__field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** The campaign record's fields; each edit sets one property of the draft (admin spec, section 4). */
export function CampaignFields({ draft, errors, categories }: { draft: CampaignDraft; errors: Record<string, string>; categories: { code: string; name: string }[] }) {
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
      <InputText id={`campaign-${field}`} type="date" value={draft[field] ?? ''} invalid={!!errors[field]} onChange={(e) => campaignFieldSet({ field, value: e.target.value || null })} />
    </Row>
  );
  const number = (field: NumberField, label: string, options: { money?: boolean } = {}) => (
    <Row id={`campaign-${field}`} label={label} error={errors[field]}>
      <InputNumber
        inputId={`campaign-${field}`}
        value={draft[field]}
        min={0}
        {...(options.money ? { mode: 'currency' as const, currency: 'USD', locale: 'en-US' } : {})}
        invalid={!!errors[field]}
        onValueChange={(e) => campaignFieldSet({ field, value: e.value ?? null })}
      />
    </Row>
  );
  const flag = (field: FlagField, label: string) => (
    <span>
      <Checkbox inputId={`campaign-${field}`} checked={draft[field]} onChange={(e) => campaignFieldSet({ field, value: !!e.checked })} /> <label htmlFor={`campaign-${field}`}>{label}</label>
    </span>
  );
  return (
    <>
      <div className="campaign-tool__form">
        <Row id="campaign-campaignName" label="Campaign name" error={errors.campaignName}>
          <InputText id="campaign-campaignName" value={draft.campaignName} invalid={!!errors.campaignName} onChange={(e) => campaignFieldSet({ field: 'campaignName', value: e.target.value })} />
        </Row>
        <Row id="campaign-status" label="Status" error={errors.statusTypeCode}>
          <NativeSelect<CampaignStatus> id="campaign-status" value={draft.statusTypeCode} options={STATUSES} onChange={(value) => campaignFieldSet({ field: 'statusTypeCode', value })} />
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
        {number('certificateAmount', 'Certificate amount', { money: true })}
        {number('daysBeforeExpirationToSendReminder', 'Reminder days before expiry')}
        {text('createAccountTemplateId', 'Create-account template')}
        {text('expirationReminderTemplateId', 'Expiration-reminder template')}
        {text('newMemberTemplateId', 'New-member template')}
        {text('existingMemberTemplateId', 'Existing-member template')}
      </div>
      <div className="campaign-tool__checks">
        {flag('allowReissuance', 'Allow reissuance')}
        {flag('loginNotificationRequired', 'Login notification required')}
        {flag('isPatientEvent', 'Patient event')}
      </div>
    </>
  );
}

import { campaignProblems } from '../../event-schemas/contract/campaign-rules';
import * as t from 'io-ts';
import type { AcceptedBody } from '../../event-schemas/contract/wire-checks';
import type { Campaign, CampaignFields, CampaignStatus as WireStatus, MemberCampaign } from '../../event-schemas/contract/campaigns';
import { boundedAmount, boundedString, code, IsoDate, PositiveInteger, refined } from '../../event-schemas/primitives';

export const CampaignStatus = t.keyof({ DRAFT: null, ACTIVE: null, ENDED: null });
export type CampaignStatus = WireStatus;
/** Every status the contract names is one the codec accepts. */
export type CampaignStatusAccepted = AcceptedBody<typeof CampaignStatus, WireStatus>;

const TemplateId = t.union([boundedString(80), t.null]);
// Bounded in event-schemas/contract/amount-bounds.ts, far below the table's numeric(10, 2), so it is never a 500.
const OfferAmount = boundedAmount('campaignOfferAmount');
const ReminderDays = refined(t.number, 'ReminderDays', 'must be a whole number of days from 0 to 3650', (n) => Number.isInteger(n) && n >= 0 && n <= 3650, {
  type: 'integer',
  minimum: 0,
  maximum: 3650,
});
const MkCode = code('MkCode');

/** The admin spec's campaign record, with its edit-draft defaults applied to what the body leaves out. */
export const CampaignBody = t.intersection([
  t.type({ campaignName: boundedString(120) }),
  t.partial({
    statusTypeCode: CampaignStatus,
    mkCode: t.union([MkCode, t.null]),
    fromDate: t.union([IsoDate, t.null]),
    thruDate: t.union([IsoDate, t.null]),
    certificateCategoryCode: t.union([t.string, t.null]),
    certificateAmount: t.union([OfferAmount, t.null]),
    allowReissuance: t.boolean,
    daysBeforeExpirationToSendReminder: t.union([ReminderDays, t.null]),
    loginNotificationRequired: t.boolean,
    createAccountTemplateId: TemplateId,
    expirationReminderTemplateId: TemplateId,
    newMemberTemplateId: TemplateId,
    existingMemberTemplateId: TemplateId,
    isPatientEvent: t.boolean,
    groupId: t.union([PositiveInteger, t.null]),
  }),
]);
export type CampaignBody = t.TypeOf<typeof CampaignBody>;
/** The campaign tool sends the contract's fields (event-schemas/contract/campaigns.ts); the codec must accept them. */
export type CampaignFieldsAccepted = AcceptedBody<typeof CampaignBody, CampaignFields>;

export type { Campaign, CampaignFields };

/** The admin spec's "Campaign (edit draft defaults)". */
export const campaignDefaults: Omit<CampaignFields, 'campaignName'> = {
  statusTypeCode: 'DRAFT',
  mkCode: null,
  fromDate: null,
  thruDate: null,
  certificateCategoryCode: null,
  certificateAmount: null,
  allowReissuance: false,
  daysBeforeExpirationToSendReminder: null,
  loginNotificationRequired: true,
  createAccountTemplateId: null,
  expirationReminderTemplateId: null,
  newMemberTemplateId: null,
  existingMemberTemplateId: null,
  isPatientEvent: false,
  groupId: null,
};

export const fieldsFromBody = (body: CampaignBody): CampaignFields => ({ ...campaignDefaults, ...body, campaignName: body.campaignName.trim() });

export interface FieldError {
  path: string;
  message: string;
}

/** Rules across fields, checked before anything is written: the shared rule the campaign tool checks with too. */
export function checkCampaign(c: CampaignFields): FieldError[] {
  return campaignProblems(c).map((e) => ({ path: `body.${e.path}`, message: e.message }));
}

/** What members see of a campaign (member spec, "Direct-response campaign"). */
export const memberView = (c: Campaign): MemberCampaign => ({
  id: c.id,
  allowReissuance: c.allowReissuance,
  fromDate: c.fromDate,
  thruDate: c.thruDate,
  loginNotificationRequired: c.loginNotificationRequired,
});

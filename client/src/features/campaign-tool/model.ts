import { createEffect, createEvent, createStore, sample } from 'effector';
import type { Campaign, CampaignFields, CampaignStatus } from '../../../../event-schemas/contract/campaigns';
import { api } from '../../lib/api';

export type { Campaign, CampaignStatus };

/** The admin spec's campaign record as the campaign tool edits it: the wire record, its id set once saved. */
export type CampaignDraft = CampaignFields & { id?: number };

/** "Campaign (edit draft defaults)" of the admin spec; the server applies the same to what a body leaves out. */
export const campaignDraftDefaults: CampaignDraft = {
  campaignName: '',
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

type EditableField = Exclude<keyof CampaignDraft, 'id'>;
export type FieldChange = { [K in EditableField]: { field: K; value: CampaignDraft[K] } }[EditableField];

/** Editing sets one property at a time (admin spec, section 4). */
export const campaignFieldSet = createEvent<FieldChange>();
export const campaignEdited = createEvent<Campaign>();
/** Clearing resets everything to the defaults. */
export const campaignsCleared = createEvent();

export const fetchCampaignsFx = createEffect(() => api.get<Campaign[]>('/api/rest/dr-campaigns'));
export const fetchCampaignFx = createEffect((id: number) => api.get<Campaign>(`/api/rest/dr-campaigns/${id}`));
export const saveCampaignFx = createEffect(({ id, ...body }: CampaignDraft) =>
  id ? api.put<Campaign>(`/api/rest/dr-campaigns/${id}`, body, { quiet: true }) : api.post<Campaign>('/api/rest/dr-campaigns', body, { quiet: true }),
);

export const $campaigns = createStore<Campaign[] | null>(null)
  .on(fetchCampaignsFx.doneData, (_, list) => list)
  .on(saveCampaignFx.doneData, (list, saved) => (list ? [saved, ...list.filter((c) => c.id !== saved.id)] : list))
  .reset(campaignsCleared);

export const $campaignDraft = createStore<CampaignDraft>(campaignDraftDefaults)
  .on(campaignFieldSet, (draft, change) => ({ ...draft, [change.field]: change.value }))
  .on(campaignEdited, (_, campaign) => ({ ...campaignDraftDefaults, ...campaign }))
  .on(saveCampaignFx.doneData, (_, campaign) => ({ ...campaignDraftDefaults, ...campaign }))
  .reset(campaignsCleared);

/** The campaign last asked for: a slower answer for one the admin has since left must not become the draft. */
const $requestedId = createStore<number | null>(null)
  .on(fetchCampaignFx, (_, id) => id)
  .reset(campaignsCleared);
sample({ clock: fetchCampaignFx.done, source: $requestedId, filter: (id, { params }) => id === params, fn: (_, { result }) => result, target: campaignEdited });

import {
  $campaignDraft,
  $campaigns,
  campaignDraftDefaults,
  campaignFieldSet,
  campaignsCleared,
  fetchCampaignFx,
  fetchCampaignsFx,
  saveCampaignFx,
  type Campaign,
} from '../../../client/src/features/campaign-tool/model';

const saved = (id: number, campaignName: string): Campaign => ({ ...campaignDraftDefaults, id, campaignName });

describe('the campaign tool’s state', () => {
  afterEach(() => campaignsCleared());

  it('starts from the admin spec’s draft defaults', () => {
    expect($campaignDraft.getState()).toMatchObject({
      campaignName: '',
      statusTypeCode: 'DRAFT',
      fromDate: null,
      thruDate: null,
      allowReissuance: false,
      loginNotificationRequired: true,
      isPatientEvent: false,
      groupId: null,
    });
  });

  it('sets one property at a time, leaving the others', () => {
    campaignFieldSet({ field: 'campaignName', value: 'Spring' });
    campaignFieldSet({ field: 'allowReissuance', value: true });
    expect($campaignDraft.getState()).toEqual({ ...campaignDraftDefaults, campaignName: 'Spring', allowReissuance: true });
  });

  it('loads a campaign for editing and puts a saved one first in the list, replacing its old row', async () => {
    fetchCampaignsFx.use(async () => [saved(2, 'B'), saved(1, 'A')]);
    await fetchCampaignsFx();
    fetchCampaignFx.use(async (id) => saved(id, 'A'));
    await fetchCampaignFx(1);
    expect($campaignDraft.getState()).toMatchObject({ id: 1, campaignName: 'A' });
    saveCampaignFx.use(async (draft) => ({ ...saved(1, draft.campaignName) }));
    campaignFieldSet({ field: 'campaignName', value: 'A renamed' });
    await saveCampaignFx($campaignDraft.getState());
    expect($campaigns.getState()?.map((c) => `${c.id}:${c.campaignName}`)).toEqual(['1:A renamed', '2:B']);
  });

  it('clearing resets everything to the defaults', async () => {
    fetchCampaignsFx.use(async () => [saved(3, 'C')]);
    await fetchCampaignsFx();
    campaignFieldSet({ field: 'mkCode', value: 'SPRING' });
    campaignsCleared();
    expect($campaigns.getState()).toBeNull();
    expect($campaignDraft.getState()).toEqual(campaignDraftDefaults);
  });

  it('drops a slower answer for a campaign the admin has since left', async () => {
    const answers: Record<number, (c: Campaign) => void> = {};
    fetchCampaignFx.use((id) => new Promise<Campaign>((resolve) => (answers[id] = resolve)));
    const first = fetchCampaignFx(1);
    campaignsCleared();
    const second = fetchCampaignFx(2);
    answers[2](saved(2, 'Two'));
    await second;
    answers[1](saved(1, 'One'));
    await first;
    expect($campaignDraft.getState()).toMatchObject({ id: 2, campaignName: 'Two' });
  });
});

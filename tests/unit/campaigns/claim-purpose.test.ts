import { claimPurpose } from '../../../server/campaigns/campaign-mail';

const member = (enrolledCampaignId: number | null) => ({ paxId: 1, firstName: 'Robin', email: 'r@example.com', enrolledCampaignId });

describe('claimPurpose', () => {
  it('is the new-member e-mail for the first offer of a member who enrolled through this campaign', () =>
    expect(claimPurpose(4, member(4), 0)).toBe('newMemberTemplateId'));
  it('is the existing-member e-mail for a member who enrolled elsewhere or without a link', () => {
    expect(claimPurpose(4, member(3), 0)).toBe('existingMemberTemplateId');
    expect(claimPurpose(4, member(null), 0)).toBe('existingMemberTemplateId');
  });
  it('is the existing-member e-mail for a reissued offer, even to a member who enrolled through the campaign', () =>
    expect(claimPurpose(4, member(4), 1)).toBe('existingMemberTemplateId'));
});

/**
 * A campaign's checks across fields (issue 54, item 2: the campaign form reported reversed dates only once every other
 * error was fixed): the server refuses a campaign that breaks any (server/campaigns/campaign.ts), and the campaign
 * tool names every one on its field before it saves or asks anything, from this one rule. Paths are the body's
 * fields, without `body.`. A DRAFT may be incomplete; a campaign members can claim from (ACTIVE) needs its window,
 * its certificate category and amount.
 */
export interface CampaignRuleFacts {
  statusTypeCode: string;
  fromDate: string | null;
  thruDate: string | null;
  certificateCategoryCode: string | null;
  certificateAmount: number | null;
}

export function campaignProblems(c: CampaignRuleFacts): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (c.fromDate && c.thruDate && c.thruDate < c.fromDate) problems.push({ path: 'thruDate', message: 'must not be before fromDate' });
  if (c.statusTypeCode === 'ACTIVE')
    for (const field of ['fromDate', 'thruDate', 'certificateCategoryCode', 'certificateAmount'] as const)
      if (c[field] === null) problems.push({ path: field, message: 'is required for an ACTIVE campaign' });
  return problems;
}

import { createEffect } from 'effector';
import { contentReader } from '../lib/content/contentful-client';

/** A campaign's copy from the content service: headline and text, picked by its marketing code. */
export interface CampaignCopy {
  mkCode: string;
  headline: string;
  text: string;
}

export type CampaignContentType = 'campaignGlobal' | 'campaignLogin';

/** The spec: campaign global and campaign login content, filtered on fields.mkCode, the first item used. */
export const readCampaignContentFx = createEffect(
  async ({ contentType, mkCode }: { contentType: CampaignContentType; mkCode: string }): Promise<CampaignCopy | null> => {
    const answer = await (await contentReader()).getEntries<CampaignCopy>({ content_type: contentType, 'fields.mkCode': mkCode, limit: 1 });
    return answer.items[0]?.fields ?? null;
  },
);

import type { SeedEntry } from './seed-entries';

/**
 * Copy of the demo campaign (marketing code SPRING): the campaign global copy on landing pages and the campaign
 * login copy above the sign-in form. Written for this project; the offer is fictional.
 */
export const campaignContentEntries: SeedEntry[] = [
  {
    id: 'campaign-global-spring',
    contentType: 'campaignGlobal',
    fields: {
      mkCode: 'SPRING',
      headline: 'Spring offer for members',
      text: 'Sign in through your invitation and a $25 treatment offer is added to your wallet.',
    },
  },
  {
    id: 'campaign-login-spring',
    contentType: 'campaignLogin',
    fields: { mkCode: 'SPRING', headline: 'Claim your spring offer', text: 'Sign in to add the $25 offer to your wallet. One offer per member.' },
  },
];

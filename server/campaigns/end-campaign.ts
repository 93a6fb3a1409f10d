import type { CampaignStatus } from './campaign';

/**
 * Ending a campaign from the list (issue 28, item 8), decided on its status alone: an ACTIVE campaign ends (members
 * can no longer claim its offer); an ENDED one is already where it should be, so a second click or a retry changes
 * nothing and writes no history; a DRAFT has not started, so there is nothing to end (edit it instead).
 */
export type EndDecision = { kind: 'end' } | { kind: 'already-ended' } | { kind: 'refuse'; detail: string };

export const decideEnd = (status: CampaignStatus): EndDecision => {
  switch (status) {
    case 'ACTIVE':
      return { kind: 'end' };
    case 'ENDED':
      return { kind: 'already-ended' };
    case 'DRAFT':
      return { kind: 'refuse', detail: 'A draft campaign has not started, so there is nothing to end: edit it instead' };
  }
};

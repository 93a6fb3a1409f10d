import { api } from '../../../lib/api';

export interface ReferredFriend {
  firstName: string;
  enrolledAt: string;
  /** True once the friend's first treatment earned the referrer a reward. */
  rewarded: boolean;
}

export interface Referrals {
  refCode: string | null;
  link: string | null;
  referred: ReferredFriend[];
}

export const fetchReferrals = (paxId: number) => api.get<Referrals>(`/api/rest/participants/${paxId}/referrals`);

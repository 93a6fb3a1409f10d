import type { ReferredFriend, Referrals } from '../../../../../event-schemas/contract/referrals';
import { api } from '../../../lib/api';

export type { ReferredFriend, Referrals };

export const fetchReferrals = (paxId: number) => api.get<Referrals>(`/api/rest/participants/${paxId}/referrals`);

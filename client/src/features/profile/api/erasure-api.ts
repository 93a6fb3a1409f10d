import type { Erased } from '../../../../../event-schemas/contract/participants';
import { api } from '../../../lib/api';

export type { Erased };

/** The member erases their own account (POST /participants/{paxId}/erasure), confirming with their password. */
export const erasureApi = {
  eraseMyAccount: (paxId: number, password: string) => api.post<Erased>(`/api/rest/participants/${paxId}/erasure`, { password }, { quiet: true }),
};

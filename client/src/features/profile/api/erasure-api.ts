import { api } from '../../../lib/api';

export interface Erased {
  paxId: number;
  erasedAt: string;
  position: string;
}

/** The member erases their own account (POST /participants/{paxId}/erasure), confirming with their password. */
export const erasureApi = {
  eraseMyAccount: (paxId: number, password: string) => api.post<Erased>(`/api/rest/participants/${paxId}/erasure`, { password }, { quiet: true }),
};

import { api } from '../../../lib/api';

export interface PendingEmail {
  emailAddress: string;
  expiresAt: string;
}

const base = (paxId: number) => `/api/rest/participants/${paxId}`;
const one = (value: string) => encodeURIComponent(value);

// Expected refusals (a number already there, an address of another account) are shown on the form, not logged.
export const contactsApi = {
  addPhone: (paxId: number, phone: string) => api.post(`${base(paxId)}/phones`, { phone }, { quiet: true }),
  changePhone: (paxId: number, phone: string, next: string) => api.put(`${base(paxId)}/phones/${one(phone)}`, { phone: next }, { quiet: true }),
  preferPhone: (paxId: number, phone: string) => api.put(`${base(paxId)}/phones/${one(phone)}`, { preferred: true }, { quiet: true }),
  removePhone: (paxId: number, phone: string) => api.request('DELETE', `${base(paxId)}/phones/${one(phone)}`, { quiet: true }),
  addEmail: (paxId: number, emailAddress: string) =>
    api.post<PendingEmail & { pendingEmail: string }>(`${base(paxId)}/emails`, { emailAddress }, { quiet: true }),
  pendingEmails: (paxId: number) => api.get<PendingEmail[]>(`${base(paxId)}/emails/pending`),
  preferEmail: (paxId: number, email: string) => api.put(`${base(paxId)}/emails/${one(email)}/preferred`, undefined, { quiet: true }),
  removeEmail: (paxId: number, email: string) => api.request('DELETE', `${base(paxId)}/emails/${one(email)}`, { quiet: true }),
  correctProfile: (paxId: number, change: { firstName?: string; lastName?: string; postalCode?: string; dateOfBirth?: string }) =>
    api.put(`${base(paxId)}/profile`, change, { quiet: true }),
  confirmEmail: (token: string) => api.post<{ emailAddress: string }>('/api/rest/participants/emails/confirm', { token }, { token: null, quiet: true }),
};

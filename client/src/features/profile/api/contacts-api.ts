import type {
  EmailConfirmBody,
  EmailConfirmed,
  EmailPendingAnswer,
  NewEmailBody,
  NewPhoneBody,
  PendingEmail,
  PhoneChangeBody,
  PhonesAnswer,
  ProfileCorrection,
} from '../../../../../event-schemas/contract/contacts';
import { api } from '../../../lib/api';

export type { PendingEmail };

const base = (paxId: number) => `/api/rest/participants/${paxId}`;
const one = (value: string) => encodeURIComponent(value);

// Expected refusals (a number already there, an address of another account) are shown on the form, not logged.
export const contactsApi = {
  addPhone: (paxId: number, phone: string) => api.post<PhonesAnswer>(`${base(paxId)}/phones`, { phone } satisfies NewPhoneBody, { quiet: true }),
  changePhone: (paxId: number, phone: string, next: string) =>
    api.put<PhonesAnswer>(`${base(paxId)}/phones/${one(phone)}`, { phone: next } satisfies PhoneChangeBody, { quiet: true }),
  preferPhone: (paxId: number, phone: string) =>
    api.put<PhonesAnswer>(`${base(paxId)}/phones/${one(phone)}`, { preferred: true } satisfies PhoneChangeBody, { quiet: true }),
  removePhone: (paxId: number, phone: string) => api.request('DELETE', `${base(paxId)}/phones/${one(phone)}`, { quiet: true }),
  addEmail: (paxId: number, emailAddress: string) =>
    api.post<EmailPendingAnswer>(`${base(paxId)}/emails`, { emailAddress } satisfies NewEmailBody, { quiet: true }),
  pendingEmails: (paxId: number) => api.get<PendingEmail[]>(`${base(paxId)}/emails/pending`),
  preferEmail: (paxId: number, email: string) => api.put(`${base(paxId)}/emails/${one(email)}/preferred`, undefined, { quiet: true }),
  removeEmail: (paxId: number, email: string) => api.request('DELETE', `${base(paxId)}/emails/${one(email)}`, { quiet: true }),
  correctProfile: (paxId: number, change: ProfileCorrection) => api.put(`${base(paxId)}/profile`, change, { quiet: true }),
  confirmEmail: (token: string) =>
    api.post<EmailConfirmed>('/api/rest/participants/emails/confirm', { token } satisfies EmailConfirmBody, { token: null, quiet: true }),
};

import type { PracticeOfSession } from '../../session/practice-session';
import type {
  Patient,
  PatientCertificate,
  PatientCertificates,
  PatientMatches,
  PracticeTreatment,
  PracticeTreatmentPage,
  Product,
  Recorded,
  StaffMember,
  Statement,
  Voided,
  PracticeKey,
  IssuedKey,
  TicketCheck,
  TicketCertificate,
} from '../../../../event-schemas/contract/practices';
import { api } from '../../lib/api';

export type {
  TicketCheck,
  TicketCertificate,
  PracticeKey,
  PracticeOfSession,
  Patient,
  PatientCertificate,
  PracticeTreatment,
  Product,
  Recorded,
  StaffMember,
  Statement,
  Voided,
};

export type LookupBy = { memberCode: string } | { phone: string } | { email: string; dateOfBirth: string };

/** The practice side's calls (CONTRACT.md, "Practices"): the practice is always the session's, never named here. */
export const practiceApi = {
  findPatients: (by: LookupBy) => api.get<PatientMatches>('/api/rest/practice/patients', { query: by }),
  certificatesOf: (paxId: number) => api.get<PatientCertificates>(`/api/rest/practice/patients/${paxId}/certificates`),
  checkTicket: (paxId: number, body: { dateOfService: string; lineItems: { productId: number; quantity: number }[]; redeemedCertificateCodes: string[] }) =>
    api.post<TicketCheck>(`/api/rest/practice/patients/${paxId}/checkout-check`, body),
  products: () => api.get<Product[]>('/api/rest/products'),
  record: (body: unknown) => api.post<Recorded>('/api/rest/practice/treatments', body),
  treatments: (page = 0, waitForPosition?: string) =>
    api.get<PracticeTreatmentPage>('/api/rest/practice/treatments', { query: { page, size: 20 }, waitForPosition }),
  treatment: (treatmentId: string) => api.get<PracticeTreatment>(`/api/rest/practice/treatments/${treatmentId}`),
  voidTreatment: (treatmentId: string, reason: string) => api.post<Voided>(`/api/rest/practice/treatments/${treatmentId}/void`, { reason }),
  statement: (month: string) => api.get<Statement>('/api/rest/practice/statements', { query: { month } }),
  staff: () => api.get<StaffMember[]>('/api/rest/practice/staff'),
  invite: (body: { email: string; firstName: string; lastName: string; role: string }) => api.post<StaffMember>('/api/rest/practice/staff', body),
  remove: (userId: number) => api.send('DELETE', `/api/rest/practice/staff/${userId}`),
  keys: () => api.get<PracticeKey[]>('/api/rest/practice/api-keys'),
  issueKey: (label: string) => api.post<IssuedKey>('/api/rest/practice/api-keys', label ? { label } : {}),
  revokeKey: (apiKeyId: number) => api.send('POST', `/api/rest/practice/api-keys/${apiKeyId}/revoke`),
};

import type { EventAuditEntry } from '../../../../../event-schemas/contract/audit-entries';
import { api } from '../../../lib/api';
import { ApiError, asProblem } from '../../../lib/problem';
import type { LoginAnswer } from '../../../session/types';

export interface MemberSummary {
  paxId: number;
  firstName: string;
  lastName: string;
  email: string | null;
  postalCode: string | null;
  isAdmin: boolean;
  enrolledAt: string;
}

export interface MemberPage {
  items: MemberSummary[];
  page: number;
  size: number;
  totalElements: number;
}

export interface MemberRecord {
  paxId: number;
  firstName: string;
  lastName: string;
  postalCode: string | null;
  isAdmin: boolean;
}

export interface Contacts {
  emails: { emailAddress: string; preferred: string }[];
  phones: { phone: string; preferred: string }[];
}

export interface PointsSummary {
  balance: number;
  pending: number;
  expiring: { amount: number; expirationDate: string }[];
}

/** Who caused an event, as event-schemas/metadata.ts records it. */
export type { Actor } from '../../../../../event-schemas/metadata';

/** One entry of the support replay: a stream history's entry with the balance after it. */
export interface TimelineEntry extends EventAuditEntry {
  balanceAfter: number;
  /** For a certificate's change: the certificate, as the member knows it. */
  certificate?: { code: string; name: string };
}

export interface Timeline {
  balanceAsOf: number;
  events: TimelineEntry[];
  /** With asOf: the last instant of that date in the programme's time zone, where the replay (and its chart) ends. */
  asOfEndsAt?: string;
}

/** One staff read of the member's data (server/privacy/access-log.ts). */
export interface AccessEntry {
  actor: { kind: 'admin' | 'admin-as-participant'; adminId: number; paxId?: number; name: string | null };
  action: string;
  occurredAt: string;
}

export interface GivePointsBody {
  amount: number;
  description: string;
  expirationDate?: string;
  idempotencyKey: string;
}

export interface GivePointsAnswer {
  balance: number;
  position: string;
}

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
};

const member = (paxId: number) => `/api/rest/participants/${paxId}`;

export const memberCareApi = {
  search: (search: string, page: number, size: number, signal?: AbortSignal) =>
    api.get<MemberPage>('/api/rest/admin/participants', { query: { search, page, size }, signal }),
  member: (paxId: number) => api.get<MemberRecord>(member(paxId)),
  contacts: async (paxId: number): Promise<Contacts> => {
    const [emails, phones] = await Promise.all([
      api.get<Contacts['emails']>(`${member(paxId)}/emails`),
      api.get<Contacts['phones']>(`${member(paxId)}/phones`),
    ]);
    return { emails, phones };
  },
  points: (paxId: number) => api.get<PointsSummary>(`${member(paxId)}/points`),
  timeline: (paxId: number, asOf?: string) => api.get<Timeline>(`/api/rest/admin/participants/${paxId}/timeline`, { query: { asOf: asOf || undefined } }),
  accessLog: (paxId: number, page: number, size: number) =>
    api.get<AccessEntry[]>(`/api/rest/admin/participants/${paxId}/access-log`, { query: { page, size } }),
  /** Answers the status too: 200 means this idempotency key had already been paid and nothing more was given. */
  givePoints: async (paxId: number, body: GivePointsBody): Promise<{ status: 200 | 201; body: GivePointsAnswer }> => {
    const path = `/api/rest/admin/participants/${paxId}/points`;
    const response = await api.send('POST', path, { body });
    const json = await readJson(response);
    if (!response.ok) throw new ApiError(response.status, asProblem(json), path);
    return { status: response.status === 200 ? 200 : 201, body: json as GivePointsAnswer };
  },
  impersonate: (paxId: number) => api.post<LoginAnswer>('/api/rest/authenticate/impersonate', { paxId }),
  /** Erases the member (issue 25): their personal data goes, their ledger stays. */
  erase: (paxId: number, reason: string) =>
    api.post<{ paxId: number; erasedAt: string; position: string }>(`/api/rest/admin/participants/${paxId}/erasure`, { reason }, { quiet: true }),
};

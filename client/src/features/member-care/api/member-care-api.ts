import type {
  AccessEntry,
  Contacts,
  Erased,
  GivePointsAnswer,
  GivePointsBody,
  Participant,
  ParticipantEmail,
  ParticipantPage,
  ParticipantPhone,
  ParticipantSummary,
  PointsSummary,
  Timeline,
  TimelineEntry,
} from '../../../../../event-schemas/contract/participants';
import { api } from '../../../lib/api';
import { ApiError, asProblem } from '../../../lib/problem';
import type { ImpersonateBody, LoginAnswer } from '../../../../../event-schemas/contract/session';

export type MemberSummary = ParticipantSummary;
export type MemberPage = ParticipantPage;
/** What member care shows of the participant record. */
export type MemberRecord = Pick<Participant, 'paxId' | 'firstName' | 'lastName' | 'postalCode' | 'isAdmin'>;
export type { AccessEntry, Contacts, GivePointsAnswer, GivePointsBody, PointsSummary, Timeline, TimelineEntry };

/** Who caused an event, as event-schemas/metadata.ts records it. */
export type { Actor } from '../../../../../event-schemas/metadata';

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
      api.get<ParticipantEmail[]>(`${member(paxId)}/emails`),
      api.get<ParticipantPhone[]>(`${member(paxId)}/phones`),
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
  impersonate: (paxId: number) => api.post<LoginAnswer>('/api/rest/authenticate/impersonate', { paxId } satisfies ImpersonateBody),
  /** Erases the member (issue 25): their personal data goes, their ledger stays. */
  erase: (paxId: number, reason: string) => api.post<Erased>(`/api/rest/admin/participants/${paxId}/erasure`, { reason }, { quiet: true }),
};

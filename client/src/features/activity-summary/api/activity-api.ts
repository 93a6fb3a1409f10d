import type { ActivityHeader, ActivityPage, ActivityType, TreatmentDetail } from '../../../../../event-schemas/contract/activity';
import { api } from '../../../lib/api';

export const ACTIVITY_PAGE_SIZE = 10;

export type { ActivityHeader, ActivityPage, ActivityType, TreatmentDetail };

export const fetchActivityHeaders = (paxId: number, range: { start: string; end: string }, page: number) =>
  api.get<ActivityPage>(`/api/rest/patients/${paxId}/activity-headers`, {
    query: { 'start-date': range.start, 'end-date': range.end, page, size: ACTIVITY_PAGE_SIZE },
  });

/** The detail is read from the URL the header gives. */
export const fetchActivityDetail = (url: string) => api.get<TreatmentDetail>(url);

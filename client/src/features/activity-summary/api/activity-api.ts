import { api } from '../../../lib/api';

export const ACTIVITY_PAGE_SIZE = 10;

export type ActivityType =
  'OFFICE VISIT' | 'TREATMENT' | 'TREATMENT PENDING' | 'BONUS POINTS EARNED' | 'ASPIRE GIFT CERTIFICATES' | 'POINTS REDEEMED' | 'WELCOME CERTIFICATE' | string;

export interface ActivityHeader {
  id: string;
  activityType: ActivityType;
  activityDate: string;
  points: number;
  description: string;
  detailUrl?: string | null;
  expirationDate?: string | null;
}

export interface ActivityPage {
  items: ActivityHeader[];
  page: number;
  size: number;
  totalElements: number;
}

export const fetchActivityHeaders = (paxId: number, range: { start: string; end: string }, page: number) =>
  api.get<ActivityPage>(`/api/rest/patients/${paxId}/activity-headers`, {
    query: { 'start-date': range.start, 'end-date': range.end, page, size: ACTIVITY_PAGE_SIZE },
  });

export interface TreatmentDetail {
  hcpName?: string;
  treatmentStatus?: string;
  treatmentLineItems?: {
    quantity: number;
    product: { name: string; category: string; brand: string; msrpPerUnit: number };
    isPriviPlan?: boolean;
    injector?: { firstName: string; lastName: string } | null;
    award?: { amount: number; expirationDate: string | null } | null;
  }[];
  redeemedCertificates?: { amount: number; name: string; code: string; certificateCategoryType?: string | null }[];
  promotionAwards?: {
    awardType: string;
    certificateType?: string;
    promotion: { name: string };
    award: { amount: number; expirationDate: string | null };
    ruleName?: string;
    units?: number;
  }[];
}

/** The detail is read from the URL the header gives. */
export const fetchActivityDetail = (url: string) => api.get<TreatmentDetail>(url);

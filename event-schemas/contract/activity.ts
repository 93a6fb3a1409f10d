// The member's activity (member spec "Activity": GET /patients/{paxId}/activity-headers and the detail each header
// links), declared once: the activity projection writes and reads them, and the activity summary reads them.

export type ActivityType =
  | 'OFFICE VISIT'
  | 'TREATMENT'
  | 'TREATMENT PENDING'
  | 'BONUS POINTS EARNED'
  | 'ASPIRE GIFT CERTIFICATES'
  | 'POINTS REDEEMED'
  | 'POINTS EXPIRED'
  | 'POINTS FORFEITED'
  | 'POINTS REVERSED'
  | 'WELCOME CERTIFICATE'
  | 'PROMOTION CERTIFICATE'
  /** A certificate issued to the member with no purchase or award row of its own (a campaign's offer). */
  | 'CERTIFICATE OFFER'
  /** A gift certificate a friend bought, claimed by this member. */
  | 'GIFT CERTIFICATE CLAIMED';

export interface ActivityHeader {
  id: string;
  activityType: ActivityType;
  activityDate: string;
  points: number;
  description: string;
  /** Where the detail is read (GET /patients/{paxId}/activity/{id}). */
  detailUrl: string;
}

/** GET /patients/{paxId}/activity-headers: one page, newest first. */
export interface ActivityPage {
  items: ActivityHeader[];
  page: number;
  size: number;
  totalElements: number;
}

/** The spec's "Activity detail (treatment)": what a treatment's detail adds to its header (each part as it applies). */
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
  redeemedCertificates?: { amount: number | null; name: string | null; code: string; certificateCategoryType?: string | null }[];
  promotionAwards?: {
    awardType: string;
    certificateType?: string;
    promotion: { name: string };
    award: { amount: number; expirationDate: string | null };
    ruleName?: string;
    units?: number;
  }[];
}

import type { AwardSource } from '../points-awarded';

// The answers of the programme reports (GET /admin/reports/...), declared once: the report queries build them and the
// insight screen reads them, so a changed answer breaks the screen's type-check instead of drifting.

/** GET /admin/reports/liability (CONTRACT.md, "Programme insight"). */
export interface Liability {
  asOf: string;
  outstandingPoints: number;
  outstandingValue: number;
  members: number;
  byExpiryMonth: { month: string; points: number }[];
  certificates: { category: string; count: number; value: number }[];
  /** What practices are owed for certificates they accepted by then (face value, voids netted), less statements paid. */
  practiceCertificates: { accepted: number; reimbursed: number; owed: number };
}

/** One period of GET /admin/reports/points-flow; `bySource` has every award source. */
export interface FlowItem {
  period: string;
  earned: { total: number; bySource: Record<AwardSource, number> };
  redeemed: number;
  spent: number;
  expired: number;
  forfeited: number;
  /** Points voided treatments took back (PointsReversed), on the day of the void. */
  reversed: number;
}

export interface ProgrammeSummary {
  from: string;
  to: string;
  earned: number;
  redeemed: number;
  spent: number;
  expired: number;
  forfeited: number;
  /** Expired over earned in the period (null when nothing was earned). */
  breakageRate: number | null;
  /** Points burned for value (redeemed for rewards and spent on gifts) over earned in the period. */
  redemptionRate: number | null;
  membersEnrolled: number;
  membersActive90Days: number;
}

/** GET /admin/reports/points-flow and /admin/reports/promotion-results answer their rows under `items`. */
export interface ReportItems<T> {
  items: T[];
}

/** One lot of GET /admin/reports/expiring-lots. */
export interface ExpiringLot {
  paxId: number;
  memberName: string;
  lotId: string;
  points: number;
  expirationDate: string;
  source: string;
  awardedAt: string;
}

/** GET /admin/reports/expiring-lots: a month of the expiry ladder, lot by lot, as it stands now. */
export interface ExpiringLots {
  month: string;
  /** Every lot of the month with points left: their sum and how many members hold them. */
  points: number;
  members: number;
  /** The lots, soonest first, at most the route's limit of them (`truncated` when there are more). */
  lots: ExpiringLot[];
  truncated: boolean;
}

export interface PaidFigures {
  treatments: number;
  points: number;
  certificates: number;
  cost: number;
}

/** One promotion of GET /admin/reports/promotion-results: what it paid against its forecast at publication. */
export interface PromotionResult {
  promotionId: string;
  name: string;
  status: string;
  fromDate: string;
  thruDate: string;
  paid: PaidFigures & { members: number };
  byDay: (PaidFigures & { day: string })[];
  /** `recorded`: kept with the publication; otherwise replayed now on the rules published (published before it was kept). */
  forecast: (PaidFigures & { members: number; publishedOn: string; recorded: boolean }) | null;
}

/** The points-flow measures a drill-down names (earned may be narrowed to one source). */
export type FlowMeasure = 'earned' | 'redeemed' | 'spent' | 'expired' | 'forfeited' | 'reversed';

/** The figure a points-flow drill-down lists (its query): a measure, earned perhaps of one source, over programme days. */
export interface FlowFigure {
  measure: FlowMeasure;
  source?: AwardSource;
  from: string;
  to: string;
}

/** One ledger event behind a points-flow figure. `position` is its place in the log (opaque, orders the log). */
export interface FlowEntry {
  paxId: number;
  /** The member's name; an erased member's is gone, and the screen names them as the support view does. */
  name: string | null;
  day: string;
  points: number;
  eventType: string;
  position: string;
}

/** GET /admin/reports/points-flow/entries: a page of the events behind a figure; the totals cover every page. */
export interface FlowEntries {
  items: FlowEntry[];
  page: number;
  size: number;
  totalElements: number;
  /** Equal to the points-flow figure of the same days and measure. */
  totalPoints: number;
}

/** One certificate behind a category's liability figure, with the member who held it at the day's end. */
export interface OutstandingCertificate {
  certificateId: string;
  paxId: number;
  name: string | null;
  value: number;
}

/** GET /admin/reports/certificates/outstanding: a page of a category's active unused certificates at the end of a day. */
export interface OutstandingCertificates {
  items: OutstandingCertificate[];
  page: number;
  size: number;
  /** Equal to the liability's count and value of the category as of the same day. */
  totalElements: number;
  totalValue: number;
}

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
}

/** One period of GET /admin/reports/points-flow; `bySource` has every award source. */
export interface FlowItem {
  period: string;
  earned: { total: number; bySource: Record<AwardSource, number> };
  redeemed: number;
  spent: number;
  expired: number;
  forfeited: number;
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

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

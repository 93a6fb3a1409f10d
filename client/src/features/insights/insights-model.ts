import { insightsApi, promotionResultsApi, type FlowItem, type Liability, type ProgrammeSummary, type PromotionResult } from './api/insights-api';
import { firstDayBefore, firstDayOfMonthsEnding, monthEnds } from './insight-dates';
import type { AwardSource } from '../../../../event-schemas/points-awarded';

/** How many months the charts span, ending with the as-of day's. */
export const INSIGHT_MONTHS = 12;

export interface Insights {
  liability: Liability;
  /** The liability at each month's end, the last being the as-of day. */
  overTime: Liability[];
  flow: FlowItem[];
  summary: ProgrammeSummary;
  promotions: PromotionResult[];
}

/** The award sources in the order and words the screen shows them. */
export const SOURCE_LABELS: [code: AwardSource, label: string][] = [
  ['TREATMENT', 'Treatments'],
  ['PARTNER', 'Partner purchases'],
  ['ADMIN', 'Admin'],
  ['BONUS', 'Bonus'],
  ['PROMOTION', 'Promotions'],
  ['SURVEY', 'Surveys'],
  ['REFERRAL', 'Referrals'],
];

/**
 * Everything the screen shows as of `asOf` (the programme's today when not given). `earlier` keeps past month ends
 * already read (days before `today`): a past day's liability never changes, so a refresh reads only the rest again.
 */
export async function loadInsights(asOf: string | undefined, earlier: Map<string, Liability>, today: string | undefined): Promise<Insights> {
  const liability = await insightsApi.liability(asOf);
  const day = liability.asOf;
  const from = firstDayBefore(day, INSIGHT_MONTHS - 1);
  const pastDays = monthEnds(day, INSIGHT_MONTHS).slice(0, -1);
  const [past, flow, summary, promotions] = await Promise.all([
    Promise.all(pastDays.map(async (d) => earlier.get(d) ?? insightsApi.liability(d))),
    insightsApi.pointsFlow(from, day),
    // The rates say "last 12 months": exactly those, not the charts' 12 calendar months (issue 54: from January 1).
    insightsApi.summary(firstDayOfMonthsEnding(day, INSIGHT_MONTHS), day),
    promotionResultsApi.load(),
  ]);
  // Only days before the programme's today are settled (a later one still moves as events arrive).
  for (const l of past) if (today !== undefined && l.asOf < today) earlier.set(l.asOf, l);
  return { liability, overTime: [...past, liability], flow, summary, promotions };
}

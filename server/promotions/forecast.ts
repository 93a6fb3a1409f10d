import type pg from 'pg';
import { findGroup, memberIds } from '../groups/group-repository';
import { bestRule, cappedAmount, type MeasuredLine } from './payout-rules';
import type { PromotionFacts } from './promotion-state';
import { addDays } from '../../event-schemas/calendar';
import type { BusyDay, Forecast } from '../../event-schemas/contract/promotions';

/** How far back a forecast looks when the promotion's window is still ahead. */
export const LOOKBACK_DAYS = 90;
const BUSIEST_DAYS = 5;

export interface ForecastTreatment {
  paxId: number;
  dateOfService: string;
  lines: readonly MeasuredLine[];
}

/** The forecast's answer, declared once in event-schemas/contract/promotions.ts (the wizard reads it). */
export type { BusyDay, Forecast };

/** The days whose processed treatments the forecast replays: the window up to today, or the last 90 days. */
export function forecastWindow(f: Pick<PromotionFacts, 'fromDate' | 'thruDate'>, today: string): { from: string; to: string; lookback: boolean } {
  if (f.fromDate > today) return { from: addDays(today, -(LOOKBACK_DAYS - 1)), to: today, lookback: true };
  return { from: f.fromDate, to: f.thruDate < today ? f.thruDate : today, lookback: false };
}

/**
 * The payouts of the draft's rules on these treatments, as payPromotion would decide them (best rule, daily cap per
 * member and day of service), in date order. Pure: nothing is paid. `eligible` answers the promotion's groups.
 */
export function replayPayouts(
  f: Pick<PromotionFacts, 'payoutAndRules'>,
  treatments: readonly ForecastTreatment[],
  eligible: (paxId: number) => boolean,
  certificateValue: number | null,
) {
  const p = f.payoutAndRules;
  const paidPerMemberDay = new Map<string, number>();
  const members = new Set<number>();
  const days = new Map<string, BusyDay>();
  let paidTreatments = 0;
  let points = 0;
  let certificates = 0;
  for (const t of treatments) {
    if (!eligible(t.paxId)) continue;
    const result = bestRule(p.rules, t.lines);
    if (!result) continue;
    let pointsHere = 0;
    let certificatesHere = 0;
    if (p.awardType === 'CERTIFICATE') {
      if (certificateValue === null) continue;
      certificatesHere = 1;
    } else {
      const key = `${t.paxId}|${t.dateOfService}`;
      const already = paidPerMemberDay.get(key) ?? 0;
      pointsHere = cappedAmount(result.amount, p.rewardDailyCap, already);
      if (pointsHere === 0) continue;
      paidPerMemberDay.set(key, already + pointsHere);
    }
    members.add(t.paxId);
    paidTreatments += 1;
    points += pointsHere;
    certificates += certificatesHere;
    const day = days.get(t.dateOfService) ?? { date: t.dateOfService, treatments: 0, points: 0, certificates: 0 };
    day.treatments += 1;
    day.points += pointsHere;
    day.certificates += certificatesHere;
    days.set(t.dateOfService, day);
  }
  const busiestDays = [...days.values()]
    .sort((a, b) => b.points - a.points || b.certificates - a.certificates || b.treatments - a.treatments || a.date.localeCompare(b.date))
    .slice(0, BUSIEST_DAYS);
  return { members: members.size, treatments: paidTreatments, points, certificates, busiestDays };
}

/**
 * The processed treatments of the window, only their lines with a product some rule measures (the rest pay nothing):
 * day by day, and each member's treatments of a day in treatment id order. That is every order the replay depends on
 * (a daily cap is per member and day; nothing else carries from one treatment to the next), so no more is sorted.
 *
 * At a million members a 90-day window holds 640,000 treatments. Picking lines apart with jsonb_array_elements and
 * ordering in SQL took 3.2 s of the forecast's 3.9 s; reading plain rows takes 0.7 s and a full sort of them here
 * another 0.85 s, grouping by day and member 0.1 s (`npm run bench scale`, issue 24).
 */
export async function processedTreatments(db: pg.Pool, from: string, to: string, productIds: readonly number[]): Promise<ForecastTreatment[]> {
  // Rules that measure no product pay nothing (the builder's older call publishes without rules): no window to read.
  if (productIds.length === 0) return [];
  const r = await db.query<[string, string, string, string]>({
    text: `SELECT treatment_id, pax_id, date_of_service::text, lines::text FROM promotion_payout_treatments
            WHERE processed AND date_of_service BETWEEN $1 AND $2`,
    values: [from, to],
    rowMode: 'array',
  });
  const measured = new Set(productIds);
  const days = new Map<string, Map<number, (ForecastTreatment & { treatmentId: string })[]>>();
  for (const [treatmentId, pax, dateOfService, text] of r.rows) {
    const lines = (JSON.parse(text) as MeasuredLine[]).filter((l) => measured.has(Number(l.productId)));
    if (lines.length === 0) continue;
    const paxId = Number(pax);
    let day = days.get(dateOfService);
    if (!day) days.set(dateOfService, (day = new Map()));
    const mine = day.get(paxId);
    if (mine) mine.push({ treatmentId, paxId, dateOfService, lines });
    else day.set(paxId, [{ treatmentId, paxId, dateOfService, lines }]);
  }
  // PostgreSQL orders uuids by their bytes, which is the order of their lower-case text.
  const byId = (a: { treatmentId: string }, b: { treatmentId: string }) => (a.treatmentId < b.treatmentId ? -1 : a.treatmentId > b.treatmentId ? 1 : 0);
  const found: ForecastTreatment[] = [];
  for (const date of [...days.keys()].sort())
    for (const mine of days.get(date)!.values()) {
      if (mine.length > 1) mine.sort(byId);
      for (const { paxId, dateOfService, lines } of mine) found.push({ paxId, dateOfService, lines });
    }
  return found;
}

/** Members of any of the groups (none means everyone), as the payouts would decide today. */
export async function eligibility(db: pg.Pool, groupIds: readonly number[], today: string): Promise<(paxId: number) => boolean> {
  if (groupIds.length === 0) return () => true;
  const members = new Set<number>();
  for (const id of groupIds) {
    const group = await findGroup(db, id);
    if (group) for (const paxId of await memberIds(db, group.logicalExpression, today)) members.add(paxId);
  }
  return (paxId) => members.has(paxId);
}

/** Replays the window's processed treatments through a draft's rules; nothing is written. */
export async function forecast(db: pg.Pool, f: PromotionFacts, today: string, certificateValue: number | null): Promise<Forecast> {
  const window = forecastWindow(f, today);
  const productIds = [...new Set(f.payoutAndRules.rules.flatMap((r) => r.metricIds))];
  const [treatments, eligible] = await Promise.all([processedTreatments(db, window.from, window.to, productIds), eligibility(db, f.groupIds, today)]);
  return { ...window, ...replayPayouts(f, treatments, eligible, certificateValue) };
}

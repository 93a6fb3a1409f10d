import * as t from 'io-ts';
import type { FlowItem, PromotionResult, ReportItems } from '../../event-schemas/contract/programme-reports';
import { dateIn, endOfDateIn, firstDayOfMonthsEnding, startOfMonthBefore } from '../../event-schemas/calendar';
import { refined, withRule } from '../../event-schemas/primitives';
import { expiringLots } from '../../projections/member-points/expiring-lots-query';
import { liabilityAsOf } from '../../projections/programme-report/liability-query';
import { practiceCertificatesOwed } from '../../projections/practice-statements/statement-query';
import { periodsBetween, pointsFlow } from '../../projections/programme-report/points-flow-query';
import { programmeSummary } from '../../projections/programme-report/summary-query';
import { promotionsPaid } from '../../projections/programme-report/promotion-results-query';
import { forecastAtPublication } from './promotion-forecast';
import { DateParam } from '../core/http-codecs';
import { validationProblem } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { certificateValue } from '../points/redeem-points';
import { ExpiringLotsCodec, FlowItemCodec, LiabilityCodec, PromotionResultCodec, SummaryCodec } from './report-codecs';

/** The most periods one points-flow answer holds: a year and a day by day, ten years by month. */
export const MAX_FLOW_PERIODS = { day: 366, month: 120 } as const;

/** The most promotions one results answer holds (a publication from before forecasts were recorded replays its own). */
export const MAX_PROMOTION_RESULTS = 50;

/** The most lots one drill-down lists (its totals cover them all). */
export const MAX_EXPIRING_LOTS = 500;

const Month = refined(t.string, 'Month', 'must be a month as YYYY-MM', (s) => /^\d{4}-(0[1-9]|1[0-2])$/.test(s), { pattern: '^\\d{4}-(0[1-9]|1[0-2])$' });

const Interval = withRule(t.keyof({ day: null, month: null }), 'must be day or month');

export const reportRoutes = (deps: Deps) => {
  const today = () => dateIn(deps.settings.timeZone, deps.now());
  const pointValue = (points: number) => certificateValue(points, deps.settings.redemptionDivisor);
  /**
   * From and to as given, or by default up to today from `defaultFrom(to)`; from after to is refused naming from. The
   * flow by month starts at a month's first day; the summary's rates count the last 12 months to the day (issue 54:
   * labelled "last 12 months", they counted from the first of the month 11 months back, January 1 in December).
   */
  const period = (query: { from?: string; to?: string }, defaultFrom: (to: string) => string) => {
    const to = query.to ?? today();
    const from = query.from ?? defaultFrom(to);
    if (from > to) throw validationProblem([{ path: 'query.from', message: 'must not be after to' }]);
    return { from, to };
  };
  return [
    route({
      method: 'get',
      path: '/admin/reports/liability',
      tag: 'Reports',
      summary:
        'Points outstanding at the end of programme day asOf (default today): their dollar value at the rate a redemption pays, by expiry month, the members holding them, active unused certificates by category, and what practices are owed for certificates they accepted and have not yet been paid for',
      access: 'admin',
      query: t.partial({ asOf: DateParam }),
      responses: { 200: { description: 'The liability', schema: LiabilityCodec }, 401: { description: 'Not signed in' }, 403: { description: 'Not an admin' } },
      handler: async ({ query }) => {
        const asOf = query.asOf ?? today();
        const [points, practiceCertificates] = await Promise.all([
          liabilityAsOf(deps.pool, asOf, pointValue),
          practiceCertificatesOwed(deps.pool, asOf, endOfDateIn(deps.settings.timeZone, asOf)),
        ]);
        return { status: 200, body: { ...points, practiceCertificates } };
      },
    }),
    route({
      method: 'get',
      path: '/admin/reports/points-flow',
      tag: 'Reports',
      summary: `Points earned by source, redeemed, spent on gifts, expired and forfeited from \`from\` to \`to\` (programme days, inclusive; default from the first day of the month 11 months back to today), by day (at most ${MAX_FLOW_PERIODS.day}) or month (at most ${MAX_FLOW_PERIODS.month}, the default)`,
      access: 'admin',
      query: t.partial({ from: DateParam, to: DateParam, interval: Interval }),
      responses: {
        200: { description: 'One item per period, every period of the range', schema: t.type({ items: t.array(FlowItemCodec) }) },
        400: { description: 'A bad from, to or interval' },
        401: { description: 'Not signed in' },
        403: { description: 'Not an admin' },
      },
      handler: async ({ query }) => {
        const interval = query.interval ?? 'month';
        const { from, to } = period(query, (end) => startOfMonthBefore(end, 11));
        if (periodsBetween(from, to, interval).length > MAX_FLOW_PERIODS[interval])
          throw validationProblem([{ path: 'query.from', message: `must be at most ${MAX_FLOW_PERIODS[interval]} ${interval}s before to` }]);
        return { status: 200, body: { items: await pointsFlow(deps.pool, from, to, interval) } satisfies ReportItems<FlowItem> };
      },
    }),
    route({
      method: 'get',
      path: '/admin/reports/summary',
      tag: 'Reports',
      summary:
        'Breakage (expired over earned) and redemption rate (redeemed and spent on gifts over earned) from `from` to `to` (default the last 12 months to today: from the day after the same date a year before), and the members enrolled, and active (earned, redeemed or spent points) in the 90 days to the end of `to`',
      access: 'admin',
      query: t.partial({ from: DateParam, to: DateParam }),
      responses: {
        200: { description: 'The summary', schema: SummaryCodec },
        400: { description: 'A bad from or to' },
        401: { description: 'Not signed in' },
        403: { description: 'Not an admin' },
      },
      handler: async ({ query }) => {
        const { from, to } = period(query, (end) => firstDayOfMonthsEnding(end, 12));
        return { status: 200, body: await programmeSummary(deps.pool, from, to, endOfDateIn(deps.settings.timeZone, to)) };
      },
    }),
    route({
      method: 'get',
      path: '/admin/reports/expiring-lots',
      tag: 'Reports',
      summary: `The lots with points left that expire in \`month\`, as they stand now, with their members (at most ${MAX_EXPIRING_LOTS} lots, soonest first; the totals cover all): the drill-down behind a month of the expiry ladder`,
      access: 'admin',
      query: t.type({ month: Month }),
      responses: {
        200: { description: 'The month’s lots', schema: ExpiringLotsCodec },
        400: { description: 'A missing or bad month' },
        401: { description: 'Not signed in' },
        403: { description: 'Not an admin' },
      },
      handler: async ({ query }) => ({ status: 200, body: await expiringLots(deps.pool, query.month, MAX_EXPIRING_LOTS) }),
    }),
    route({
      method: 'get',
      path: '/admin/reports/promotion-results',
      tag: 'Reports',
      summary: `What each published promotion paid (members, treatments, points, certificates, dollar cost), in total and by date of service, against its forecast as shown at publication (recorded with it; replayed as of that day for a publication from before forecasts were recorded) (newest window first, at most ${MAX_PROMOTION_RESULTS})`,
      access: 'admin',
      responses: {
        200: { description: 'The promotions', schema: t.type({ items: t.array(PromotionResultCodec) }) },
        401: { description: 'Not signed in' },
        403: { description: 'Not an admin' },
      },
      handler: async () => {
        const paid = await promotionsPaid(deps.pool, pointValue, MAX_PROMOTION_RESULTS);
        const items = [];
        for (const p of paid) items.push({ ...p, forecast: await forecastAtPublication(deps, p.promotionId, pointValue) });
        return { status: 200, body: { items } satisfies ReportItems<PromotionResult> };
      },
    }),
  ];
};

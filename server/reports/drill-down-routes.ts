import * as t from 'io-ts';
import type { FlowEntries, OutstandingCertificates } from '../../event-schemas/contract/programme-reports';
import { addDays, dateIn } from '../../event-schemas/calendar';
import { refined, withRule } from '../../event-schemas/primitives';
import { AwardSource } from '../../event-schemas/points-awarded';
import { flowEntries } from '../../projections/programme-report/flow-entries-query';
import { outstandingCertificates } from '../../projections/programme-report/outstanding-certificates-query';
import { actorNamesFor } from '../audit/people-names';
import { DateParam, PageParam, sizeParam } from '../core/http-codecs';
import { validationProblem } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { FlowEntriesCodec, OutstandingCertificatesCodec } from './drill-down-codecs';

/**
 * The most days one points-flow drill-down spans: a month, the longest figure the screen shows. Its totals are summed
 * over the span's rows, so the time grows with it: at a million members the busiest month's earned points answered in
 * 0.35 to 0.75 s and a year's in 1.6 to 1.7 s, over the reports' 1 s (issue 26's closing note).
 */
export const MAX_ENTRY_DAYS = 31;
export const MAX_DRILL_DOWN_PAGE_SIZE = 100;

const SOURCES = Object.keys(AwardSource.keys) as AwardSource[];
const Measure = withRule(
  t.keyof({ earned: null, redeemed: null, spent: null, expired: null, forfeited: null, reversed: null }),
  'must be earned, redeemed, spent, expired, forfeited or reversed',
);
const Source = withRule(AwardSource, `must be one of ${SOURCES.join(', ')}`);
const Category = refined(t.string, 'Category', 'must be a certificate category (1 to 100 characters)', (s) => s.length >= 1 && s.length <= 100, {
  minLength: 1,
  maxLength: 100,
});

/**
 * Names the members of a page by the audit's people-name helper (one query). An erased member's name is blank, so
 * null: the screen names them "Erased member #id", as the support view does.
 */
async function withNames<R extends { paxId: number }>(deps: Deps, rows: R[]): Promise<(R & { name: string | null })[]> {
  const namesOf = await actorNamesFor(
    deps.pool,
    rows.map((r) => ({ kind: 'participant' as const, paxId: r.paxId })),
  );
  return rows.map((r) => ({ ...r, name: namesOf({ kind: 'participant', paxId: r.paxId }).member }));
}

/** The drill-downs behind the programme report's figures (issue 26, item 5): the members and events that make each. */
export const drillDownRoutes = (deps: Deps) => {
  const today = () => dateIn(deps.settings.timeZone, deps.now());
  return [
    route({
      method: 'get',
      path: '/admin/reports/points-flow/entries',
      tag: 'Reports',
      summary: `The ledger events behind a points-flow figure: \`measure\` (earned narrowed to \`source\` when given) on the programme days \`from\` to \`to\` (inclusive, at most ${MAX_ENTRY_DAYS} days; default today), by day and log order (earned and expired points in the order they were awarded or expired), each with its member; totalPoints equals the figure`,
      access: 'admin',
      query: t.intersection([
        t.type({ measure: Measure }),
        t.partial({ source: Source, from: DateParam, to: DateParam, page: PageParam, size: sizeParam(MAX_DRILL_DOWN_PAGE_SIZE) }),
      ]),
      responses: {
        200: { description: 'One page of the events; the totals cover every page', schema: FlowEntriesCodec },
        400: { description: 'A missing or bad measure, or a bad source, from, to, page or size' },
        401: { description: 'Not signed in' },
        403: { description: 'Not an admin' },
      },
      handler: async ({ query }) => {
        const to = query.to ?? today();
        const from = query.from ?? to;
        if (from > to) throw validationProblem([{ path: 'query.from', message: 'must not be after to' }]);
        if (addDays(from, MAX_ENTRY_DAYS) <= to) throw validationProblem([{ path: 'query.from', message: `must be at most ${MAX_ENTRY_DAYS} days before to` }]);
        if (query.source !== undefined && query.measure !== 'earned')
          throw validationProblem([{ path: 'query.source', message: 'is only for measure earned' }]);
        const page = query.page ?? 0;
        const size = query.size ?? MAX_DRILL_DOWN_PAGE_SIZE;
        const found = await flowEntries(deps.pool, { measure: query.measure, source: query.source, from, to, page, size, timeZone: deps.settings.timeZone });
        const body: FlowEntries = { ...found, items: await withNames(deps, found.items), page, size };
        return { status: 200, body };
      },
    }),
    route({
      method: 'get',
      path: '/admin/reports/certificates/outstanding',
      tag: 'Reports',
      summary:
        'The certificates of `category` active and not yet used at the end of programme day `asOf` (default today), each with the member holding it then, by certificate id; totalElements and totalValue equal the liability’s count and value for the category',
      access: 'admin',
      query: t.intersection([t.type({ category: Category }), t.partial({ asOf: DateParam, page: PageParam, size: sizeParam(MAX_DRILL_DOWN_PAGE_SIZE) })]),
      responses: {
        200: { description: 'One page of the certificates; the totals cover every page', schema: OutstandingCertificatesCodec },
        400: { description: 'A missing or bad category, or a bad asOf, page or size' },
        401: { description: 'Not signed in' },
        403: { description: 'Not an admin' },
      },
      handler: async ({ query }) => {
        const page = query.page ?? 0;
        const size = query.size ?? MAX_DRILL_DOWN_PAGE_SIZE;
        const found = await outstandingCertificates(deps.pool, { category: query.category, asOf: query.asOf ?? today(), page, size });
        const body: OutstandingCertificates = { ...found, items: await withNames(deps, found.items), page, size };
        return { status: 200, body };
      },
    }),
  ];
};

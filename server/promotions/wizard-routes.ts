import { correlationId } from '../operations/request-context';
import type { Forecast, WizardRecordOut } from '../../event-schemas/contract/promotions';
import { randomUUID } from 'node:crypto';
import * as t from 'io-ts';
import type pg from 'pg';
import { promotionStream } from '../../event-schemas';
import { dateIn } from '../../event-schemas/calendar';
import { PromotionSection } from '../../event-schemas/promotion-revised';
import { Uuid, withRule } from '../../event-schemas/primitives';
import { formatPosition } from '../../event-schemas/store/position';
import { actorOf } from '../auth/caller';
import { handleCommand, loadStream, type CommandResult } from '../core/command-handler';
import { BooleanFromString } from '../core/http-codecs';
import { notFound, Problem, validationProblem, type FieldError } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { issuedCertificateTerms } from '../certificate-categories/category-repository';
import { createPromotion } from './create-promotion';
import { forecast } from './forecast';
import { evolvePromotion, factsOf, initialPromotionState, type PromotionFacts, type PromotionState } from './promotion-state';
import { forecastToRecord } from './published-forecast';
import { revisePromotion } from './revise-promotion';
import { applyRecord, blankFacts, recordErrors, recordOf, WizardRecord } from './wizard-record';

const FinalizeQuery = t.partial({ finalize: BooleanFromString });
const RecordOut = t.UnknownRecord;
const ForecastOut = t.type({
  from: t.string,
  to: t.string,
  lookback: t.boolean,
  members: t.number,
  treatments: t.number,
  points: t.number,
  certificates: t.number,
  busiestDays: t.array(t.type({ date: t.string, treatments: t.number, points: t.number, certificates: t.number })),
});

const loadPromotion = (deps: Deps, id: string) => loadStream(deps.store, { evolve: evolvePromotion, initialState: initialPromotionState }, promotionStream(id));

/** Groups, products and categories live in tables, so these checks sit here rather than in the pure record checks. */
async function referenceErrors(pool: pg.Pool, f: PromotionFacts): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (f.groupIds.length) {
    const found = await pool.query<{ id: string }>('SELECT id FROM participant_groups WHERE id = ANY($1) AND deleted_at IS NULL', [f.groupIds]);
    const known = new Set(found.rows.map((r) => Number(r.id)));
    f.groupIds.forEach((g, i) => known.has(g) || errors.push({ path: `body.participants.groupIds.${i}`, message: 'is not a participant group' }));
  }
  const productIds = [...new Set(f.payoutAndRules.rules.flatMap((r) => r.metricIds))];
  if (productIds.length) {
    const found = await pool.query<{ id: string }>('SELECT id FROM products WHERE id = ANY($1) AND NOT retired', [productIds]);
    const known = new Set(found.rows.map((r) => Number(r.id)));
    f.payoutAndRules.rules.forEach((rule, i) =>
      rule.metricIds.forEach(
        (id, j) =>
          known.has(id) || errors.push({ path: `body.payoutAndRules.rules.${i}.metricIds.${j}`, message: 'is not a product that earns (unknown or retired)' }),
      ),
    );
  }
  if (f.certificateCategoryCode) {
    const found = await pool.query('SELECT 1 FROM certificate_categories WHERE code = $1', [f.certificateCategoryCode]);
    if (!found.rowCount) errors.push({ path: 'body.payoutAndRules.certificateCategoryCode', message: 'is not a certificate category' });
  }
  return errors;
}

const answer = (result: CommandResult<PromotionState, unknown>): WizardRecordOut => {
  if (result.state.kind !== 'created') throw new Error('a decided promotion command left no promotion');
  const record = recordOf(result.state);
  return result.position ? { ...record, position: formatPosition(result.position) } : record;
};

/** The promo builder wizard of the admin spec (CONTRACT.md "Promotions: the wizard and payouts"). */
export const promotionWizardRoutes = (deps: Deps) => {
  const today = () => dateIn(deps.settings.timeZone, deps.now());
  const checked = async (facts: PromotionFacts, purpose: 'save' | 'publish' | 'forecast') => {
    const errors = recordErrors(facts, purpose, today());
    if (errors.length === 0) errors.push(...(await referenceErrors(deps.pool, facts)));
    if (errors.length) throw validationProblem(errors);
  };
  return [
    route({
      method: 'post',
      path: '/wizard/promotions/forecast',
      tag: 'Promotions',
      summary: "What a draft's rules would have paid on the processed treatments of its window (or the last 90 days when the window is ahead); pays nothing",
      access: 'admin',
      body: WizardRecord,
      responses: {
        200: { description: 'The forecast', schema: ForecastOut },
        400: { description: 'Invalid record, each field named' },
        403: { description: 'Not an admin' },
      },
      handler: async ({ body }) => {
        const facts = applyRecord(blankFacts(randomUUID()), body);
        await checked(facts, 'forecast');
        // A certificate award is counted at its category's value (its first variant); without one it counts nothing.
        const code = facts.payoutAndRules.awardType === 'CERTIFICATE' ? facts.certificateCategoryCode : null;
        const value = code ? ((await issuedCertificateTerms(deps.pool, code))?.amount ?? null) : null;
        return { status: 200, body: (await forecast(deps.pool, facts, today(), value)) satisfies Forecast };
      },
    }),
    route({
      method: 'post',
      path: '/wizard/promotions',
      tag: 'Promotions',
      summary: 'Saves a new promotion from the wizard record (multipart part `json`, or a JSON body); finalize=true publishes it',
      access: 'admin',
      query: FinalizeQuery,
      body: WizardRecord,
      responses: {
        200: { description: 'A retried save: the promotion it made', schema: RecordOut },
        201: { description: 'The record as stored, overview.id set', schema: RecordOut },
        400: { description: 'Invalid record, each field named' },
        403: { description: 'Not an admin' },
        409: { description: 'overview.id names another promotion' },
      },
      handler: async ({ query, body, caller }) => {
        const finalize = query.finalize ?? false;
        const id = body.overview?.id ?? randomUUID();
        const facts = applyRecord(blankFacts(id), body);
        if (body.overview?.id) {
          // A retried save whose answer was lost finds the promotion it made instead of making a twin.
          const { state } = await loadPromotion(deps, id);
          if (state.kind === 'created') {
            if (state.promotionCode !== facts.promotionCode || state.name !== facts.name)
              throw new Problem('conflict', 'Another promotion already has this id', [
                { path: 'body.overview.id', message: 'is already used by another promotion' },
              ]);
            return { status: 200, body: recordOf(state) };
          }
        }
        await checked(facts, finalize ? 'publish' : 'save');
        const asDraft = body.overview?.statusTypeCode === 'DRAFT';
        const forecast = finalize ? await forecastToRecord(deps, facts, today()) : undefined;
        const result = await handleCommand(
          deps.store,
          createPromotion,
          promotionStream(id),
          { facts, finalize, asDraft, forecast },
          { actor: actorOf(caller), correlationId: correlationId(), now: deps.now() },
        );
        return { status: 201, body: answer(result) };
      },
    }),
    route({
      method: 'put',
      path: '/wizard/promotions/:id',
      tag: 'Promotions',
      summary: 'Changes the sections the record carries of a NEW or DRAFT promotion (one PromotionRevised); finalize=true publishes it',
      access: 'admin',
      params: t.type({ id: Uuid }),
      query: FinalizeQuery,
      body: WizardRecord,
      responses: {
        200: { description: 'The record as stored', schema: RecordOut },
        400: { description: 'Invalid record, each field named' },
        403: { description: 'Not an admin' },
        404: { description: 'Unknown promotion' },
        409: { description: 'The promotion is published (ACTIVE, ENDED or PAYMENTS_STOPPED): revert it to draft or copy it' },
      },
      handler: async ({ params, query, body, caller }) => {
        if (body.overview?.id && body.overview.id !== params.id) throw validationProblem([{ path: 'body.overview.id', message: 'must be the id in the path' }]);
        const { state } = await loadPromotion(deps, params.id);
        if (state.kind === 'none') throw notFound(`Promotion ${params.id}`);
        const finalize = query.finalize ?? false;
        const facts = applyRecord(factsOf(state), body);
        await checked(facts, finalize ? 'publish' : 'save');
        // The decider re-checks the status at the stream's revision: a publish racing this edit wins or loses whole.
        const forecast = finalize ? await forecastToRecord(deps, facts, today()) : undefined;
        const result = await handleCommand(
          deps.store,
          revisePromotion,
          promotionStream(params.id),
          { facts, finalize, forecast },
          { actor: actorOf(caller), correlationId: correlationId(), now: deps.now() },
        );
        return { status: 200, body: answer(result) };
      },
    }),
    route({
      method: 'get',
      path: '/wizard/promotions/:id',
      tag: 'Promotions',
      summary: 'The whole wizard record of a promotion, read from its stream',
      access: 'admin',
      params: t.type({ id: Uuid }),
      responses: { 200: { description: 'The record', schema: RecordOut }, 403: { description: 'Not an admin' }, 404: { description: 'Unknown promotion' } },
      handler: async ({ params }) => {
        const { state } = await loadPromotion(deps, params.id);
        if (state.kind === 'none') throw notFound(`Promotion ${params.id}`);
        return { status: 200, body: recordOf(state) };
      },
    }),
    route({
      method: 'get',
      path: '/wizard/promotions/:id/:section',
      tag: 'Promotions',
      summary: 'One section of the wizard record: overview, participants, payoutAndRules or website',
      access: 'admin',
      params: t.type({ id: Uuid, section: withRule(PromotionSection, 'must be overview, participants, payoutAndRules or website') }),
      responses: { 200: { description: 'The section', schema: RecordOut }, 403: { description: 'Not an admin' }, 404: { description: 'Unknown promotion' } },
      handler: async ({ params }) => {
        const { state } = await loadPromotion(deps, params.id);
        if (state.kind === 'none') throw notFound(`Promotion ${params.id}`);
        return { status: 200, body: recordOf(state)[params.section] };
      },
    }),
  ];
};

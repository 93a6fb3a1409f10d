import { correlationId } from '../operations/request-context';
import type { AdminPromotion, PromotionListPage } from '../../event-schemas/contract/promotions';
import { randomUUID } from 'node:crypto';
import * as t from 'io-ts';
import type pg from 'pg';
import { promotionStream, PromotionStatus } from '../../event-schemas';
import { boundedString, Uuid, withRule } from '../../event-schemas/primitives';
import { listPromotions } from '../../projections/promotion-tiles/promotions-query';
import { actorOf } from '../auth/caller';
import { dateIn } from '../../event-schemas/calendar';
import { handleCommand, loadStream, type CommandResult } from '../core/command-handler';
import { BooleanFromString, PageParam, sizeParam } from '../core/http-codecs';
import { notFound, Problem, validationProblem, type FieldError } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { formatPosition } from '../../event-schemas/store/position';
import { changePromotionStatus } from './change-promotion-status';
import { copyPromotion } from './copy-promotion';
import { CreatePromotionBody, createPromotion, promotionFacts, promotionInputErrors } from './create-promotion';
import { evolvePromotion, factsOf, initialPromotionState, type PromotionState } from './promotion-state';
import { forecastToRecord } from './published-forecast';
import { promotionStatusOptions, statusActions, type StatusAction } from './promotion-statuses';
import { AdminPromotionOut, adminPromotionOf } from './promotion-views';
import { awardTypeOptions, measureTypeOptions, ProductTreeNode, productTree, RuleOption } from './rule-options';
import { listProducts } from '../products/product-repository';

const Changed = t.intersection([AdminPromotionOut, t.partial({ position: t.string })]);
const OneOut = t.intersection([AdminPromotionOut, t.partial({ copiedFrom: t.string })]);

/** The promotion as its own stream stands (not the read model), so a page opened right after a command sees it. */
const loadPromotion = (deps: Deps, id: string) => loadStream(deps.store, { evolve: evolvePromotion, initialState: initialPromotionState }, promotionStream(id));

/** Groups and categories live in tables, so these checks sit here rather than in the pure decider. */
async function referenceErrors(pool: pg.Pool, body: CreatePromotionBody): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const groupIds = body.groupIds ?? [];
  if (groupIds.length) {
    const found = await pool.query<{ id: string }>('SELECT id FROM participant_groups WHERE id = ANY($1) AND deleted_at IS NULL', [groupIds]);
    const known = new Set(found.rows.map((r) => Number(r.id)));
    groupIds.forEach((g, i) => known.has(g) || errors.push({ path: `body.groupIds.${i}`, message: 'is not a participant group' }));
  }
  if (body.certificateCategoryCode) {
    const found = await pool.query('SELECT 1 FROM certificate_categories WHERE code = $1', [body.certificateCategoryCode]);
    if (!found.rowCount) errors.push({ path: 'body.certificateCategoryCode', message: 'is not a certificate category' });
  }
  return errors;
}

const answer = (result: CommandResult<PromotionState, unknown>) => {
  if (result.state.kind !== 'created') throw new Error('a decided promotion command left no promotion');
  const body = adminPromotionOf(result.state);
  return result.position ? { ...body, position: formatPosition(result.position) } : body;
};

export const promotionAdminRoutes = (deps: Deps) => {
  const today = () => dateIn(deps.settings.timeZone, deps.now());
  const statusRoute = (action: StatusAction, summary: string) =>
    route({
      method: 'post',
      path: `/promotions/:id/${action}`,
      tag: 'Promotions',
      summary,
      access: 'admin',
      params: t.type({ id: Uuid }),
      body: t.partial({ reason: boundedString(500) }),
      responses: {
        200: { description: 'The promotion with its new status', schema: Changed },
        403: { description: 'Not an admin' },
        404: { description: 'Unknown promotion' },
        409: { description: `Not allowed from the current status (allowed from ${statusActions[action].from.join(', ')})` },
      },
      handler: async ({ params, body, caller }) => {
        // A publication records the forecast of the promotion as it stands; the decider refuses it if it was revised
        // meanwhile (the forecast would be of other rules).
        let forecast;
        if (action === 'publish') {
          const { state } = await loadPromotion(deps, params.id);
          if (state.kind === 'created') forecast = { of: await forecastToRecord(deps, factsOf(state), today()), revision: state.revision };
        }
        const result = await handleCommand(
          deps.store,
          changePromotionStatus,
          promotionStream(params.id),
          { action, reason: body.reason ?? null, today: today(), forecast },
          { actor: actorOf(caller), correlationId: correlationId(), now: deps.now() },
        );
        return { status: 200, body: answer(result) };
      },
    });

  return [
    route({
      method: 'post',
      path: '/admin/promotions',
      tag: 'Promotions',
      summary: "Creates a promotion from the builder's overview, participants and website sections; NEW, or ACTIVE with finalize",
      access: 'admin',
      body: CreatePromotionBody,
      responses: {
        201: { description: 'Created', schema: Changed },
        400: { description: 'Invalid fields, each named' },
        403: { description: 'Not an admin' },
      },
      handler: async ({ body, caller }) => {
        const errors = [...promotionInputErrors(body, today()), ...(await referenceErrors(deps.pool, body))];
        if (errors.length) throw validationProblem(errors);
        const id = body.promotionId ?? randomUUID();
        if (body.promotionId) {
          // A retry of a save that got through (its answer was lost) answers the promotion it made, once.
          const { state } = await loadPromotion(deps, id);
          if (state.kind === 'created') {
            if (state.promotionCode !== body.promotionCode || state.name !== body.name.trim())
              throw new Problem('conflict', 'Another promotion already has this id', [
                { path: 'body.promotionId', message: 'is already used by another promotion' },
              ]);
            return { status: 200, body: adminPromotionOf(state) };
          }
        }
        const facts = promotionFacts(id, body);
        const finalize = body.finalize ?? false;
        const forecast = finalize ? await forecastToRecord(deps, facts, today()) : undefined;
        const result = await handleCommand(
          deps.store,
          createPromotion,
          promotionStream(id),
          { facts, finalize, forecast },
          {
            actor: actorOf(caller),
            correlationId: correlationId(),
            now: deps.now(),
          },
        );
        return { status: 201, body: answer(result) };
      },
    }),
    route({
      method: 'get',
      path: '/admin/promotions/:id',
      tag: 'Promotions',
      summary: 'One promotion for the builder, read from its stream; copiedFrom names the promotion a copy was made from',
      access: 'admin',
      params: t.type({ id: Uuid }),
      responses: { 200: { description: 'The promotion', schema: OneOut }, 403: { description: 'Not an admin' }, 404: { description: 'Unknown promotion' } },
      handler: async ({ params }) => {
        const { state } = await loadPromotion(deps, params.id);
        if (state.kind === 'none') throw notFound(`Promotion ${params.id}`);
        return { status: 200, body: { ...adminPromotionOf(state), ...(state.copiedFrom ? { copiedFrom: state.copiedFrom } : {}) } satisfies AdminPromotion };
      },
    }),
    route({
      method: 'post',
      path: '/promotions/:id/copy',
      tag: 'Promotions',
      summary: "Copies a promotion (any status) to a new DRAFT: ' - Copy' after the name, the code's numeric tail replaced by a timestamp",
      access: 'admin',
      params: t.type({ id: Uuid }),
      responses: {
        201: { description: 'The copy', schema: Changed },
        403: { description: 'Not an admin' },
        404: { description: 'Unknown promotion' },
      },
      handler: async ({ params, caller }) => {
        // The source is only read: a status change racing the copy is harmless, as the copy takes none of the status.
        const { state: source } = await loadPromotion(deps, params.id);
        const copyId = randomUUID();
        const now = deps.now();
        const result = await handleCommand(
          deps.store,
          copyPromotion(copyId),
          promotionStream(copyId),
          { source, at: now },
          { actor: actorOf(caller), correlationId: correlationId(), now },
        );
        return { status: 201, body: answer(result) };
      },
    }),
    statusRoute('publish', 'Publishes a NEW or DRAFT promotion (ACTIVE): members it targets see its tile while its window holds'),
    statusRoute('revert-to-draft', 'Reverts a NEW or ACTIVE promotion to DRAFT; members no longer see it'),
    statusRoute('end', 'Ends an ACTIVE promotion; members no longer see it'),
    statusRoute('stop-payments', 'Stops the payments of an ACTIVE or ENDED promotion (final)'),
    statusRoute('delete', 'Deletes a NEW or DRAFT promotion: it leaves the list (ALL) and can never be published; its history stays'),
    route({
      method: 'get',
      path: '/promotions/options/promotion-statuses',
      tag: 'Promotions',
      summary: 'The promotion status options (the client adds ALL)',
      access: 'admin',
      responses: {
        200: { description: 'Options', schema: t.array(t.type({ code: t.string, description: t.string, applicableOnlyToApprovalProcess: t.boolean })) },
      },
      handler: async () => ({ status: 200, body: promotionStatusOptions }),
    }),
    route({
      method: 'get',
      path: '/promotions/options/measure-types',
      tag: 'Promotions',
      summary: "What a payout rule may measure (the wizard's payout and rules step)",
      access: 'admin',
      responses: { 200: { description: 'Options', schema: t.array(RuleOption) }, 403: { description: 'Not an admin' } },
      handler: async () => ({ status: 200, body: measureTypeOptions }),
    }),
    route({
      method: 'get',
      path: '/promotions/options/award-types',
      tag: 'Promotions',
      summary: 'What a promotion may award: points (an award lot) or a certificate of its category',
      access: 'admin',
      responses: { 200: { description: 'Options', schema: t.array(RuleOption) }, 403: { description: 'Not an admin' } },
      handler: async () => ({ status: 200, body: awardTypeOptions }),
    }),
    route({
      method: 'get',
      path: '/promotions/product-list/trees',
      tag: 'Promotions',
      summary: "Active products by category and brand: every product id a rule's metricIds may name",
      access: 'admin',
      responses: { 200: { description: 'The tree', schema: t.array(ProductTreeNode) }, 403: { description: 'Not an admin' } },
      handler: async () => ({ status: 200, body: productTree(await listProducts(deps.pool, false)) }),
    }),
    route({
      method: 'get',
      path: '/promotions',
      tag: 'Promotions',
      summary: 'The admin promotion list, newest first: by status (ALL or a code) and a part of the name, paged from 0',
      access: 'admin',
      query: t.partial({
        promotionCategory: withRule(t.literal('PROMOTION'), 'must be PROMOTION'),
        status: withRule(t.union([t.literal('ALL'), PromotionStatus]), `must be ALL or one of ${promotionStatusOptions.map((o) => o.code).join(', ')}`),
        // Staff levels are not modelled (the spec shows none), so every admin sees every promotion.
        showAllForMyLevelAndBelow: BooleanFromString,
        searchName: boundedString(120),
        page: PageParam,
        size: sizeParam(100),
      }),
      responses: {
        200: { description: 'One page', schema: t.type({ items: t.array(AdminPromotionOut), page: t.number, size: t.number, totalElements: t.number }) },
        400: { description: 'Bad filter or page' },
      },
      handler: async ({ query }) => {
        const page = query.page ?? 0;
        const size = query.size ?? 20;
        const status = query.status === 'ALL' ? undefined : query.status;
        const found = await listPromotions(deps.pool, { status, searchName: query.searchName?.trim(), page, size });
        return { status: 200, body: { items: found.items.map(adminPromotionOf), page, size, totalElements: found.totalElements } satisfies PromotionListPage };
      },
    }),
  ];
};

import { left, right } from 'fp-ts/Either';
import * as t from 'io-ts';
import {
  PromotionCreated,
  PromotionStatusChanged,
  PromotionWebsitePage,
  type PromotionEvent,
  type PromotionWebsite,
  type PublishedForecast,
} from '../../event-schemas';
import { noPayoutRules } from '../../event-schemas/promotion-payout';
import { boundedString, code, IsoDate, maxText, PositiveInteger, Uuid, withRule } from '../../event-schemas/primitives';
import { domainError, type Decider } from '../core/decider';
import type { FieldError } from '../core/problem';
import { evolvePromotion, initialPromotionState, type PromotionFacts, type PromotionState } from './promotion-state';

/** Admin spec section 9: a promotion's type defaults to FLAT_PAYOUT, the only payout structure the spec shows. */
export const DEFAULT_TYPE_CODE = 'FLAT_PAYOUT';

const PromotionCode = code('PromotionCode');
const CategoryCode = code('CategoryCode');
const EntryId = code('EntryId', 64);
const Description = maxText(2000);

const WebPageBody = t.intersection([
  t.type({ page: withRule(PromotionWebsitePage, 'must be one of OVERVIEW, RULES, FAQ'), contentEntryId: EntryId }),
  t.partial({ active: t.boolean }),
]);

/** The overview, participants and website sections of the promo builder, as one JSON body (no multipart wizard). */
export const CreatePromotionBody = t.intersection([
  t.type({ name: boundedString(120), promotionCode: PromotionCode, fromDate: IsoDate, thruDate: IsoDate }),
  t.partial({
    description: Description,
    typeCode: withRule(t.literal(DEFAULT_TYPE_CODE), `must be ${DEFAULT_TYPE_CODE}`),
    groupIds: t.array(PositiveInteger),
    certificateCategoryCode: t.union([CategoryCode, t.null]),
    website: t.partial({ tileTitle: boundedString(120), pages: t.array(WebPageBody) }),
    /** The wizard's finalize flag: true publishes at once, false (default) leaves the promotion NEW. */
    finalize: t.boolean,
    /** Chosen by the builder once per filled-in form: a retried save finds the promotion it made instead of a twin. */
    promotionId: Uuid,
  }),
]);
export type CreatePromotionBody = t.TypeOf<typeof CreatePromotionBody>;

/** The rules io-ts cannot express, each naming its field; the route adds those that need the database. */
export function promotionInputErrors(body: CreatePromotionBody, today: string): FieldError[] {
  const errors: FieldError[] = [];
  if (body.thruDate < body.fromDate) errors.push({ path: 'body.thruDate', message: 'must not be before fromDate' });
  else if (body.finalize && body.thruDate < today) errors.push({ path: 'body.thruDate', message: 'must not be in the past to publish' });
  const groups = body.groupIds ?? [];
  if (new Set(groups).size !== groups.length) errors.push({ path: 'body.groupIds', message: 'must not repeat a group' });
  const pages = body.website?.pages ?? [];
  if (new Set(pages.map((p) => p.page)).size !== pages.length) errors.push({ path: 'body.website.pages', message: 'must hold each page at most once' });
  return errors;
}

/** A checked body as the event's facts, with the defaults applied. */
export const promotionFacts = (promotionId: string, body: CreatePromotionBody): PromotionFacts => {
  const website: PromotionWebsite = {
    tileTitle: body.website?.tileTitle ?? body.name.trim(),
    pages: (body.website?.pages ?? []).map((p) => ({ page: p.page, contentEntryId: p.contentEntryId, active: p.active ?? true })),
  };
  return {
    promotionId,
    name: body.name.trim(),
    description: body.description ?? '',
    promotionCode: body.promotionCode,
    typeCode: body.typeCode ?? DEFAULT_TYPE_CODE,
    fromDate: body.fromDate,
    thruDate: body.thruDate,
    groupIds: body.groupIds ?? [],
    certificateCategoryCode: body.certificateCategoryCode ?? null,
    website,
    // This older JSON call has no payout section: the wizard (wizard-routes.ts) is where rules are written.
    payoutAndRules: noPayoutRules,
  };
};

export interface CreatePromotion {
  facts: PromotionFacts;
  finalize: boolean;
  /** The wizard's statusTypeCode DRAFT: the promotion starts as a draft (NEW, then DRAFT in the same append). */
  asDraft?: boolean;
  /** With finalize: the forecast shown for the publication, recorded with it (published-forecast.ts). */
  forecast?: PublishedForecast;
}

/** Creates the promotion NEW; with finalize, publishes it in the same append so it is never seen half made. */
export const createPromotion: Decider<CreatePromotion, PromotionState, PromotionEvent> = {
  initialState: initialPromotionState,
  evolve: evolvePromotion,
  decide: (c, state) => {
    if (state.kind !== 'none') return left(domainError('conflict', 'This promotion already exists'));
    const created = PromotionCreated.of(c.facts);
    if (!c.finalize)
      return right(c.asDraft ? [created, PromotionStatusChanged.of({ promotionId: c.facts.promotionId, from: 'NEW', to: 'DRAFT', reason: null })] : [created]);
    const forecast = c.forecast ? { forecast: c.forecast } : {};
    return right([created, PromotionStatusChanged.of({ promotionId: c.facts.promotionId, from: 'NEW', to: 'ACTIVE', reason: null, ...forecast })]);
  },
};

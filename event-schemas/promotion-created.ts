import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { IsoDate, PositiveInteger, Uuid } from './primitives';
import { PayoutAndRules } from './promotion-payout';

/**
 * The admin spec leaves promotion statuses open; these are the ones its actions need: a new or draft promotion is
 * published (ACTIVE), reverted to draft, ended, or has its payments stopped. See server/promotions/README.md.
 */
// DELETED (issue 28): a NEW or DRAFT promotion the admin threw away; its stream stays, for the history.
export const PromotionStatus = t.keyof({ NEW: null, DRAFT: null, ACTIVE: null, ENDED: null, PAYMENTS_STOPPED: null, DELETED: null });
export type PromotionStatus = t.TypeOf<typeof PromotionStatus>;

/** Admin spec: the website pages inside a promotion. */
export const PromotionWebsitePage = t.keyof({ OVERVIEW: null, RULES: null, FAQ: null });
export type PromotionWebsitePage = t.TypeOf<typeof PromotionWebsitePage>;

/** A page of the promotion's website: its content entry (content type `promotionWebsite`) and whether it is shown. */
export const PromotionWebPage = t.type({ page: PromotionWebsitePage, contentEntryId: t.string, active: t.boolean });
export type PromotionWebPage = t.TypeOf<typeof PromotionWebPage>;

// tileContentfulId: the tile's own content entry (the wizard's tile.contentfulId); optional, so version 1 still reads.
export const PromotionWebsite = t.intersection([t.type({ tileTitle: t.string, pages: t.array(PromotionWebPage) }), t.partial({ tileContentfulId: t.string })]);
export type PromotionWebsite = t.TypeOf<typeof PromotionWebsite>;

/**
 * The first event of a `promotion-{id}` stream: the promotion's overview, participants and website sections. A
 * created promotion is NEW; every later status is a PromotionStatusChanged. No groupIds means every member. A copy
 * names the promotion it was made from in `copiedFrom`.
 */
export const PromotionCreated = defineEvent(
  'PromotionCreated',
  1,
  t.intersection([
    t.type({
      promotionId: Uuid,
      name: t.string,
      description: t.string,
      promotionCode: t.string,
      typeCode: t.string,
      fromDate: IsoDate,
      thruDate: IsoDate,
      groupIds: t.array(PositiveInteger),
      certificateCategoryCode: t.union([t.string, t.null]),
      website: PromotionWebsite,
    }),
    // Optional, so the event stays at version 1: events written before copies existed read as "not a copy", and
    // promotions created before payout rules existed pay nothing (noPayoutRules).
    t.partial({ copiedFrom: Uuid, payoutAndRules: PayoutAndRules }),
  ]),
);

import * as t from 'io-ts';
import type { PromotionEarnings, PromotionRecord } from '../../projections/promotion-tiles/promotions-query';
import type { AdminPromotion, PromotionTile, PromotionWebsite } from '../../event-schemas/contract/promotions';

/** The member spec's promotion tile. `programCode` is the promotion's code. */
export const TileOut = t.intersection([
  t.type({
    promoId: t.string,
    programCode: t.string,
    name: t.string,
    description: t.string,
    fromDate: t.string,
    thruDate: t.string,
    /** What the member has earned from this promotion so far (zeros before its first payout). */
    earned: t.type({ points: t.number, certificates: t.number, treatments: t.number }),
  }),
  t.partial({ certificateCategoryCode: t.string }),
]);

const NOTHING_EARNED: PromotionEarnings = { points: 0, certificates: 0, treatments: 0 };

export const tileOf = (p: PromotionRecord, earned: PromotionEarnings = NOTHING_EARNED): t.TypeOf<typeof TileOut> & PromotionTile => ({
  promoId: p.promotionId,
  programCode: p.promotionCode,
  name: p.name,
  description: p.description,
  fromDate: p.fromDate,
  thruDate: p.thruDate,
  earned,
  ...(p.certificateCategoryCode ? { certificateCategoryCode: p.certificateCategoryCode } : {}),
});

const PAGE_ORDER = ['OVERVIEW', 'RULES', 'FAQ'];

export const WebsiteOut = t.type({
  promoId: t.string,
  tile: t.type({ title: t.string }),
  pages: t.array(t.type({ page: t.string, contentEntryId: t.string })),
});

/** What the member's promotion page shows: the tile title and the active pages, in the spec's order. */
export const websiteOf = (p: PromotionRecord): PromotionWebsite => ({
  promoId: p.promotionId,
  tile: { title: p.website.tileTitle },
  pages: p.website.pages
    .filter((page) => page.active)
    .sort((a, b) => PAGE_ORDER.indexOf(a.page) - PAGE_ORDER.indexOf(b.page))
    .map((page) => ({ page: page.page, contentEntryId: page.contentEntryId })),
});

/** A promotion in the admin list (promotionCategory is always PROMOTION here). */
export const AdminPromotionOut = t.type({
  id: t.string,
  promotionCategory: t.string,
  name: t.string,
  description: t.string,
  promotionCode: t.string,
  typeCode: t.string,
  statusTypeCode: t.string,
  fromDate: t.string,
  thruDate: t.string,
  groupIds: t.array(t.number),
  certificateCategoryCode: t.union([t.string, t.null]),
  website: t.unknown,
});

export const adminPromotionOf = (p: PromotionRecord): AdminPromotion => ({
  id: p.promotionId,
  promotionCategory: 'PROMOTION',
  name: p.name,
  description: p.description,
  promotionCode: p.promotionCode,
  typeCode: p.typeCode,
  statusTypeCode: p.status,
  fromDate: p.fromDate,
  thruDate: p.thruDate,
  groupIds: p.groupIds,
  certificateCategoryCode: p.certificateCategoryCode,
  website: p.website,
});

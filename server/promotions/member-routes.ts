import type { PromotionTiles } from '../../event-schemas/contract/promotions';
import * as t from 'io-ts';
import { Uuid } from '../../event-schemas/primitives';
import { earningsOf, findPromotion } from '../../projections/promotion-tiles/promotions-query';
import type { SignedIn } from '../auth/caller';
import { dateIn } from '../../event-schemas/calendar';
import { notFound } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { isShownTo, promotionsShownTo } from './audience';
import { TileOut, tileOf, WebsiteOut, websiteOf } from './promotion-views';

export const promotionMemberRoutes = (deps: Deps) => {
  const today = () => dateIn(deps.settings.timeZone, deps.now());
  return [
    route({
      method: 'get',
      path: '/promotions/tiles',
      tag: 'Promotions',
      summary: "The caller's promotion tiles: ACTIVE promotions whose window holds today (programme time zone) and that target them",
      access: 'signed-in',
      responses: { 200: { description: 'Tiles', schema: t.type({ items: t.array(TileOut) }) } },
      handler: async ({ caller }) => {
        const paxId = (caller as SignedIn).paxId;
        const shown = await promotionsShownTo(deps.pool, paxId, today());
        const earned = await earningsOf(
          deps.pool,
          paxId,
          shown.map((p) => p.promotionId),
        );
        return { status: 200, body: { items: shown.map((p) => tileOf(p, earned.get(p.promotionId))) } satisfies PromotionTiles };
      },
    }),
    route({
      method: 'get',
      path: '/promotions/:id/website',
      tag: 'Promotions',
      summary: "A promotion tile's website: its title and active pages (OVERVIEW, RULES, FAQ) with their content entry ids",
      access: 'signed-in',
      params: t.type({ id: Uuid }),
      responses: { 200: { description: 'Website data', schema: WebsiteOut }, 404: { description: 'Unknown, or not shown to the caller' } },
      handler: async ({ params, caller }) => {
        const promotion = await findPromotion(deps.pool, params.id);
        if (!promotion || !(await isShownTo(deps.pool, (caller as SignedIn).paxId, today(), promotion))) throw notFound(`Promotion ${params.id}`);
        return { status: 200, body: websiteOf(promotion) };
      },
    }),
  ];
};

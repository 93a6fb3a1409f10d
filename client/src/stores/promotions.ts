import type { CertificatePage } from '../../../event-schemas/contract/certificates';
import type { CategoryLookup } from '../../../event-schemas/contract/certificate-categories';
import type { PageName, PromotionTile, PromotionTiles, PromotionWebsite } from '../../../event-schemas/contract/promotions';
import { createEffect, createEvent, createStore, sample } from 'effector';
import { api } from '../lib/api';
import { sessionAuthenticated, sessionEnded } from '../session/session-events';
import type { CertificateItem } from './certificates';

export type { PromotionTile };
/** What a tile's lookup reads of its category (GET /certificate-categories/code/{code}). */
export type CertificateCategory = Pick<CategoryLookup, 'certificateCategoryCode' | 'certificateCategoryName'>;
export type PromotionPageName = PageName;
export type PromotionWebsiteData = PromotionWebsite;

/** A tile enriched as the member spec describes. Lookups that fail leave their part empty rather than the tile out. */
export interface Promotion extends PromotionTile {
  certificateCategory: CertificateCategory | null;
  certificateCategoryName: string | null;
  websiteData: PromotionWebsiteData | null;
  hasOfferCert: boolean;
  offerCert: CertificateItem | null;
}

export interface PromotionsState {
  isLoaded: boolean;
  items: Promotion[];
}

const orNull = <T>(answer: Promise<T>): Promise<T | null> => answer.catch(() => null);

/**
 * Certificate items carry no category code today, so an offer certificate is matched by the category's name (a
 * category's certificates are named after it); a code on the item, once there is one, wins.
 */
export const offerCertFor = (offers: CertificateItem[], category: CertificateCategory | null): CertificateItem | null => {
  if (!category) return null;
  const matches = (c: CertificateItem & { certificateCategoryCode?: string }) =>
    c.certificateCategoryCode !== undefined ? c.certificateCategoryCode === category.certificateCategoryCode : c.name === category.certificateCategoryName;
  return offers.find((c) => c.status === 'ACTIVE' && matches(c)) ?? null;
};

/** One load of the list: whose list it is (the server answers for the caller) and which load, so only the latest counts. */
export interface PromotionsRequest {
  paxId: number;
  request: number;
}

/** Loads the caller's tiles and what each is enriched with. */
export const fetchPromotionsFx = createEffect(async (_: PromotionsRequest): Promise<Promotion[]> => {
  const [{ items }, offers] = await Promise.all([
    api.get<PromotionTiles>('/api/rest/promotions/tiles'),
    orNull(
      api.get<CertificatePage>('/api/rest/participants/~/certificates', {
        query: { page: 0, size: 100, sort: 'expirationDate desc', displayCategory: 'offer' },
      }),
    ),
  ]);
  const categories = new Map<string, Promise<CertificateCategory | null>>();
  const categoryOf = (code: string) => {
    if (!categories.has(code)) categories.set(code, orNull(api.get<CertificateCategory>(`/api/rest/certificate-categories/code/${encodeURIComponent(code)}`)));
    return categories.get(code)!;
  };
  return Promise.all(
    items.map(async (tile): Promise<Promotion> => {
      const [category, websiteData] = await Promise.all([
        tile.certificateCategoryCode ? categoryOf(tile.certificateCategoryCode) : null,
        orNull(api.get<PromotionWebsiteData>(`/api/rest/promotions/${encodeURIComponent(tile.promoId)}/website`)),
      ]);
      const offerCert = offerCertFor(offers?.items ?? [], category);
      return {
        ...tile,
        certificateCategory: category,
        certificateCategoryName: category?.certificateCategoryName ?? null,
        websiteData,
        hasOfferCert: offerCert !== null,
        offerCert,
      };
    }),
  );
});

const empty: PromotionsState = { isLoaded: false, items: [] };

/** Whose promotions the store holds: set on a member's first authentication, cleared on sign-out. */
export const $promotionsOwner = createStore<number | null>(null).reset(sessionEnded);
const ownerChanged = createEvent<number>();

export const $promotions = createStore<PromotionsState>(empty).reset(sessionEnded, ownerChanged);
export const $promotionsFailed = createStore(false).reset(sessionEnded, ownerChanged, fetchPromotionsFx);

$promotionsOwner.on(ownerChanged, (_, paxId) => paxId);

/** The promotions every member may see changed (a live `promotions` message, or a stream that reconnected). */
export const promotionsChanged = createEvent();

/** The number of the latest load: an older answer arriving after a newer one must not replace it. */
const $latestRequest = createStore(0).on(fetchPromotionsFx, (_, { request }) => request);
const load = createEvent<number>();
sample({ clock: load, source: $latestRequest, fn: (latest, paxId) => ({ paxId, request: latest + 1 }), target: fetchPromotionsFx });

// Spec section 4: the list loads on first authentication. Re-checks of the same session do not reload it; a new
// member (signing in again, or an admin starting or leaving impersonation) does.
sample({
  clock: sessionAuthenticated,
  source: $promotionsOwner,
  filter: (owner, { user }) => owner !== user.pax.paxId,
  fn: (_, { user }) => user.pax.paxId,
  target: [ownerChanged, load],
});

// Live: an admin started or ended a promotion. The list on screen stays until the new one arrives.
sample({
  clock: promotionsChanged,
  source: $promotionsOwner,
  filter: (owner): owner is number => owner !== null,
  target: load,
});

// A failed first load is shown; a failed refresh keeps the list on screen (the next change or reconnect tries again).
sample({
  clock: fetchPromotionsFx.fail,
  source: { owner: $promotionsOwner, latest: $latestRequest, shown: $promotions },
  filter: ({ owner, latest, shown }, { params }) => owner === params.paxId && latest === params.request && !shown.isLoaded,
  fn: () => true,
  target: $promotionsFailed,
});

// An answer that arrives after sign-out, for a member no longer signed in, or overtaken by a newer load, is dropped.
sample({
  clock: fetchPromotionsFx.done,
  source: { owner: $promotionsOwner, latest: $latestRequest },
  filter: ({ owner, latest }, { params }) => owner === params.paxId && latest === params.request,
  fn: (_, { result }): PromotionsState => ({ isLoaded: true, items: result }),
  target: $promotions,
});

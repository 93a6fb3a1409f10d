import { createEffect, createEvent, createStore, sample } from 'effector';
import { api } from '../lib/api';
import { sessionAuthenticated, sessionEnded } from '../session/session-events';
import type { CertificateItem } from './certificates';

/** GET /promotions/tiles item. */
export interface PromotionTile {
  promoId: string;
  programCode: string;
  name: string;
  description: string;
  fromDate: string;
  thruDate: string;
  certificateCategoryCode?: string;
}

export interface CertificateCategory {
  certificateCategoryCode: string;
  certificateCategoryName: string;
}

export type PromotionPageName = 'OVERVIEW' | 'RULES' | 'FAQ';

/** GET /promotions/{id}/website: the tile title and the pages to show, with their content entries. */
export interface PromotionWebsiteData {
  promoId: string;
  tile: { title: string };
  pages: { page: PromotionPageName; contentEntryId: string }[];
}

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

/** Loads the caller's tiles and what each is enriched with; `paxId` only tells whose list this is. */
export const fetchPromotionsFx = createEffect(async (_paxId: number): Promise<Promotion[]> => {
  const [{ items }, offers] = await Promise.all([
    api.get<{ items: PromotionTile[] }>('/api/rest/promotions/tiles'),
    orNull(api.get<{ items: CertificateItem[] }>('/api/rest/participants/~/certificates', { query: { page: 0, size: 100, sort: 'expirationDate desc', displayCategory: 'offer' } })),
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
      return { ...tile, certificateCategory: category, certificateCategoryName: category?.certificateCategoryName ?? null, websiteData, hasOfferCert: offerCert !== null, offerCert };
    }),
  );
});

const empty: PromotionsState = { isLoaded: false, items: [] };

/** Whose promotions the store holds: set on a member's first authentication, cleared on sign-out. */
export const $promotionsOwner = createStore<number | null>(null).reset(sessionEnded);
const ownerChanged = createEvent<number>();

export const $promotions = createStore<PromotionsState>(empty).reset(sessionEnded, ownerChanged);
export const $promotionsFailed = createStore(false)
  .on(fetchPromotionsFx.fail, () => true)
  .reset(sessionEnded, ownerChanged, fetchPromotionsFx);

$promotionsOwner.on(ownerChanged, (_, paxId) => paxId);

// Spec section 4: the list loads on first authentication. Re-checks of the same session do not reload it; a new
// member (signing in again, or an admin starting or leaving impersonation) does.
sample({
  clock: sessionAuthenticated,
  source: $promotionsOwner,
  filter: (owner, { user }) => owner !== user.pax.paxId,
  fn: (_, { user }) => user.pax.paxId,
  target: [ownerChanged, fetchPromotionsFx],
});

// An answer that arrives after sign-out, or for a member no longer signed in, is dropped.
sample({
  clock: fetchPromotionsFx.done,
  source: $promotionsOwner,
  filter: (owner, { params }) => owner === params,
  fn: (_, { result }): PromotionsState => ({ isLoaded: true, items: result }),
  target: $promotions,
});

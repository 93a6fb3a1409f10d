import { createEffect, createEvent, createStore, sample, type Effect, type EventCallable, type Store } from 'effector';
import { contentReader, type ContentReader, type EntryQuery } from '../lib/content/contentful-client';

/** Every content state of the spec: not loaded with empty contents until fetched. */
export interface ContentState<T> {
  isLoaded: boolean;
  contents: T;
}

export interface ContentUnit<T> {
  $state: Store<ContentState<T>>;
  /** Loads once; later calls do nothing while loading or loaded. */
  requested: EventCallable<void>;
  /** Forces a reload (after an admin edit). */
  reloaded: EventCallable<void>;
  loadFx: Effect<void, T>;
}

function contentUnit<T>(name: string, empty: T, load: (reader: ContentReader) => Promise<T>): ContentUnit<T> {
  const requested = createEvent(`${name}Requested`);
  const reloaded = createEvent(`${name}Reloaded`);
  const loadFx = createEffect<void, T>(async () => load(await contentReader()));
  const $state = createStore<ContentState<T>>({ isLoaded: false, contents: empty }, { name: `$${name}` }).on(loadFx.doneData, (_, contents) => ({
    isLoaded: true,
    contents,
  }));
  loadFx.fail.watch(({ error }) => console.error(`Content ${name} failed to load`, error));
  sample({ clock: requested, source: { state: $state, pending: loadFx.pending }, filter: ({ state, pending }) => !state.isLoaded && !pending, target: loadFx });
  sample({ clock: reloaded, target: loadFx });
  return { $state, requested, reloaded, loadFx };
}

const fieldsOf = async <F>(reader: ContentReader, query: EntryQuery): Promise<F[]> => (await reader.getEntries<F>(query)).items.map((item) => item.fields);
const firstOf = async <F>(reader: ContentReader, query: EntryQuery): Promise<F | null> => (await fieldsOf<F>(reader, { ...query, limit: 1 }))[0] ?? null;

export interface PrescribingInformation {
  brand: string;
  order: number;
  title: string;
  paragraphs?: string[];
  body?: unknown;
}

export interface SafetyInformation {
  siteId: string;
  brand: string;
  brandName: string;
  order: number;
  heading: string;
  paragraphs?: string[];
  body?: unknown;
}

export interface SafetyInformationHeader {
  title: string;
  summary: string;
}

export interface Banner {
  bannerText: string;
  textColor?: string;
  linkText?: string;
  link?: string;
  iconColor?: string;
  iconSvgPath?: string;
  backgroundColor?: string;
}

export interface BrandContent {
  brand: string;
  name: string;
  tagline: string;
  description?: string;
  order: number;
}

export interface GlobalContent {
  reviewCode?: string;
  hideIsiHeader?: boolean;
  chatLabel?: string;
}

export interface PageSection {
  heading: string;
  paragraphs?: string[];
  body?: unknown;
}

export interface PageContent {
  slug: string;
  title: string;
  sections: PageSection[];
}

export const prescribingInformation = contentUnit<PrescribingInformation[]>('prescribingInformation', [], (r) =>
  fieldsOf(r, { content_type: 'prescribingInformation', order: 'fields.order' }),
);

export const importantSafetyInformation = contentUnit<SafetyInformation[]>('importantSafetyInformation', [], (r) =>
  fieldsOf(r, { content_type: 'importantSafetyInformation', 'fields.siteId': r.siteId, order: 'fields.order' }),
);

export const safetyInformationHeader = contentUnit<SafetyInformationHeader | null>('importantSafetyInformationHeader', null, (r) =>
  firstOf(r, { content_type: 'importantSafetyInformationHeader', 'fields.siteId': r.siteId }),
);

export const banner = contentUnit<Banner | null>('banner', null, (r) => firstOf(r, { content_type: 'banner', 'fields.siteId': r.siteId }));

export const brandContent = contentUnit<BrandContent[]>('brandContent', [], (r) => fieldsOf(r, { content_type: 'brandContent', order: 'fields.order' }));

export const globalContent = contentUnit<GlobalContent | null>('globalContent', null, (r) =>
  firstOf(r, { content_type: 'globalContent', 'fields.siteId': r.siteId }),
);

/** A text-copy entry: `items[0].fields.copy` when there is one, otherwise `{}`. */
export const readTextCopyFx = createEffect(async (key: string): Promise<Record<string, unknown>> => {
  const answer = await (await contentReader()).getEntries<{ copy?: Record<string, unknown> }>({ content_type: 'textCopy', 'fields.key': key, limit: 1 });
  return answer.total > 0 ? (answer.items[0]?.fields.copy ?? {}) : {};
});

export const readPageContentFx = createEffect(
  async (slug: string) => (await firstOf<PageContent>(await contentReader(), { content_type: 'pageContent', 'fields.slug': slug })) ?? null,
);

export const readCampaignTermsFx = createEffect(
  async (campaign: string) =>
    (await firstOf<{ text: string }>(await contentReader(), { content_type: 'campaignTerms', 'fields.campaign': campaign }))?.text ?? null,
);

export interface CardArt {
  name: string;
  title: string;
  background: string;
  foreground: string;
  /** A decorative band: text is never drawn on it, so it needs no contrast with the foreground. */
  accent?: string;
  description?: string;
}

/** The names art is read by: the programme's default card, and the card of every reward certificate. */
export const DEFAULT_CARD_ART = 'DEFAULT';
export const REWARD_CARD_ART = 'Aspire Reward Default';

/** Card art by name (DEFAULT, or the reward default), or by entry id. */
export const readCardArtFx = createEffect(async (by: { name: string } | { id: string }) =>
  firstOf<CardArt>(await contentReader(), { content_type: 'eGiftCardArt', ...('name' in by ? { 'fields.name': by.name } : { 'sys.id': by.id }) }),
);

/** Several designs by entry id in one read (a wallet of bought certificates); ids with no entry are left out. */
export const readCardArtsByIdFx = createEffect(async (ids: readonly string[]): Promise<Record<string, CardArt>> => {
  if (!ids.length) return {};
  const answer = await (await contentReader()).getEntries<CardArt>({ content_type: 'eGiftCardArt', 'sys.id[in]': ids.join(','), limit: ids.length });
  return Object.fromEntries(answer.items.map((item) => [item.sys.id, item.fields]));
});

/** A page of a promotion's website (content type `promotionWebsite`): text, or for the FAQ, questions and answers. */
export interface PromotionPage {
  entryId: string;
  promotionId: string;
  page: 'OVERVIEW' | 'RULES' | 'FAQ';
  title: string;
  paragraphs?: string[];
  body?: unknown;
  questions?: { question: string; answer: string }[];
}

/**
 * The overview, rules and FAQ content of a promotion's website, by promotion id (the spec's read). A copied
 * promotion lists its original's entries, filed under the original's id: those listed entries are read by id too.
 */
export const readPromotionPagesFx = createEffect(
  async ({ promotionId, entryIds = [] }: { promotionId: string; entryIds?: readonly string[] }): Promise<PromotionPage[]> => {
    const reader = await contentReader();
    const toPage = (item: { sys: { id: string }; fields: Omit<PromotionPage, 'entryId'> }): PromotionPage => ({ ...item.fields, entryId: item.sys.id });
    const own = (await reader.getEntries<Omit<PromotionPage, 'entryId'>>({ content_type: 'promotionWebsite', 'fields.promotionId': promotionId })).items.map(
      toPage,
    );
    const missing = entryIds.filter((id) => !own.some((p) => p.entryId === id));
    if (!missing.length) return own;
    const listed = await reader.getEntries<Omit<PromotionPage, 'entryId'>>({
      content_type: 'promotionWebsite',
      'sys.id[in]': missing.join(','),
      limit: missing.length,
    });
    return [...own, ...listed.items.map(toPage)];
  },
);

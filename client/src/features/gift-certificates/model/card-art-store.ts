import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { contentReader, type ContentReader } from '../../../lib/content/contentful-client';
import { DEFAULT_CARD_ART, REWARD_CARD_ART, type CardArt, type ContentState } from '../../../stores/content';
import { $draft } from './cart-store';
import {
  emptyGiftCardArt,
  EVERGREEN,
  giftCardArtView,
  toCardArtCategory,
  type CardArtCategoryFields,
  type GiftCardArt,
  type GiftCardArtContents,
  type GiftCardArtView,
} from './card-art-model';

const MAX_ENTRIES = 1000;

const withId = (item: { sys: { id: string }; fields: CardArt }): GiftCardArt => ({ ...item.fields, id: item.sys.id });

/** Three reads of the spec: categories by name (Evergreen and the codes), art by name (DEFAULT, reward), art by id. */
export async function readGiftCardArt(reader: ContentReader, codes: string[]): Promise<GiftCardArtContents> {
  const [categoryAnswer, namedAnswer] = await Promise.all([
    reader.getEntries<CardArtCategoryFields>({ content_type: 'eGiftCardArtCategory', 'fields.name[in]': [EVERGREEN, ...codes].join(','), limit: MAX_ENTRIES }),
    reader.getEntries<CardArt>({ content_type: 'eGiftCardArt', 'fields.name[in]': [DEFAULT_CARD_ART, REWARD_CARD_ART].join(','), limit: 2 }),
  ]);
  const categories = categoryAnswer.items.map((item) => toCardArtCategory(item.sys.id, item.fields));
  const named = namedAnswer.items.map(withId);
  const ids = [...new Set(categories.flatMap((c) => c.artIds))];
  const byId = ids.length
    ? (await reader.getEntries<CardArt>({ content_type: 'eGiftCardArt', 'sys.id[in]': ids.join(','), limit: MAX_ENTRIES })).items.map(withId)
    : [];
  return {
    codes,
    defaultArt: named.find((a) => a.name === DEFAULT_CARD_ART) ?? null,
    rewardArt: named.find((a) => a.name === REWARD_CARD_ART) ?? null,
    categories,
    arts: Object.fromEntries(byId.map((a) => [a.id, a])),
  };
}

/** The pages ask with the purchasable category codes they know; a code not read yet reads the art again. */
export const giftCardArtRequested = createEvent<string[]>();
export const loadGiftCardArtFx = createEffect((codes: string[]) => contentReader().then((reader) => readGiftCardArt(reader, codes)));
loadGiftCardArtFx.fail.watch(({ error }) => console.error('Content eGiftCardArt failed to load', error));

export const $giftCardArtContent = createStore<ContentState<GiftCardArtContents>>(
  { isLoaded: false, contents: emptyGiftCardArt },
  { name: '$giftCardArtContent' },
).on(loadGiftCardArtFx.doneData, (_, contents) => ({ isLoaded: true, contents }));

const $wantedCodes = createStore<string[]>([]).on(giftCardArtRequested, (wanted, codes) =>
  codes.every((c) => wanted.includes(c)) ? wanted : [...new Set([...wanted, ...codes])],
);

// A request made while a read is running is served when it ends; a failed read waits for the next request.
sample({
  clock: [giftCardArtRequested, loadGiftCardArtFx.done],
  source: { state: $giftCardArtContent, wanted: $wantedCodes, pending: loadGiftCardArtFx.pending },
  filter: ({ state, wanted, pending }) => !pending && (!state.isLoaded || wanted.some((c) => !state.contents.codes.includes(c))),
  fn: ({ wanted }) => wanted,
  target: loadGiftCardArtFx,
});

/** The store for the certificate being composed: it follows the draft's category. */
export const $giftCardArt = combine($giftCardArtContent, $draft, ({ isLoaded, contents }, draft): GiftCardArtView & { isLoaded: boolean } => ({
  isLoaded,
  ...giftCardArtView(contents, draft.certificateCategoryCode),
}));

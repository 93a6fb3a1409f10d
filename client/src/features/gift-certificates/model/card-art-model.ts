import type { CardArt } from '../../../stores/content';

export const EVERGREEN = 'Evergreen';
export const ART_GROUPS = ['PRODUCT_EXCLUSIVE', 'GENERIC'] as const;
export type ArtGroup = (typeof ART_GROUPS)[number];

export interface GiftCardArt extends CardArt {
  id: string;
}

/** An `eGiftCardArtCategory` as stored: its art is entry ids, or Contentful links (resolved or not) from a real space. */
export interface CardArtCategoryFields {
  name: string;
  title?: string;
  group?: string;
  art?: unknown[];
}

export interface CardArtCategory {
  id: string;
  name: string;
  title: string;
  group: ArtGroup;
  artIds: string[];
}

export interface CardArtCategoryWithArt {
  name: string;
  title: string;
  group: ArtGroup;
  art: GiftCardArt[];
}

/** What the content service answered: the two named arts, the categories asked for, and every art they name. */
export interface GiftCardArtContents {
  /** Certificate category codes the categories were read for (Evergreen is always read). */
  codes: string[];
  defaultArt: GiftCardArt | null;
  rewardArt: GiftCardArt | null;
  categories: CardArtCategory[];
  arts: Record<string, GiftCardArt>;
}

/** The gift card art store of the spec, for the certificate category being composed. */
export interface GiftCardArtView {
  defaultArt: GiftCardArt | null;
  rewardArt: GiftCardArt | null;
  /** The art the composed category offers of its own. */
  selection: GiftCardArt[];
  /** The art offered with every certificate. */
  evergreen: GiftCardArt[];
  /** Every category but Evergreen (which has its own list), by group. */
  categories: Record<ArtGroup, CardArtCategoryWithArt[]>;
  /** What can be chosen now: the category's own art first, then Evergreen, each design once. */
  available: GiftCardArt[];
  byId: Record<string, GiftCardArt>;
}

export const emptyGiftCardArt: GiftCardArtContents = { codes: [], defaultArt: null, rewardArt: null, categories: [], arts: {} };

/** An entry id from a plain id, a link `{ sys: { id } }` or an entry the SDK resolved. */
export const artIdOf = (ref: unknown): string | null => {
  if (typeof ref === 'string') return ref || null;
  const id = (ref as { sys?: { id?: unknown } } | null)?.sys?.id;
  return typeof id === 'string' ? id : null;
};

/** A category without a known group counts as GENERIC: nothing marks its art as tied to one product. */
export const toCardArtCategory = (id: string, fields: CardArtCategoryFields): CardArtCategory => ({
  id,
  name: fields.name,
  title: fields.title ?? fields.name,
  group: ART_GROUPS.find((g) => g === fields.group) ?? 'GENERIC',
  artIds: (fields.art ?? []).map(artIdOf).filter((a): a is string => a !== null),
});

const unique = (arts: GiftCardArt[]) => arts.filter((a, i) => arts.findIndex((b) => b.id === a.id) === i);

/** A category's art in its own order; ids whose entry is gone (unpublished, deleted) are left out. */
const artOf = (contents: GiftCardArtContents, categories: CardArtCategory[]) =>
  unique(categories.flatMap((c) => c.artIds.map((id) => contents.arts[id]).filter((a): a is GiftCardArt => a !== undefined)));

export function giftCardArtView(contents: GiftCardArtContents, categoryCode: string): GiftCardArtView {
  const evergreen = artOf(
    contents,
    contents.categories.filter((c) => c.name === EVERGREEN),
  );
  const selection = categoryCode
    ? artOf(
        contents,
        contents.categories.filter((c) => c.name === categoryCode),
      )
    : [];
  const grouped: Record<ArtGroup, CardArtCategoryWithArt[]> = { PRODUCT_EXCLUSIVE: [], GENERIC: [] };
  for (const c of contents.categories)
    if (c.name !== EVERGREEN) grouped[c.group].push({ name: c.name, title: c.title, group: c.group, art: artOf(contents, [c]) });
  const byId = { ...contents.arts };
  for (const named of [contents.defaultArt, contents.rewardArt]) if (named) byId[named.id] = named;
  return {
    defaultArt: contents.defaultArt,
    rewardArt: contents.rewardArt,
    selection,
    evergreen,
    categories: grouped,
    available: unique([...selection, ...evergreen]),
    byId,
  };
}

/**
 * The art a certificate gets: the member's choice while it is on offer, else the category's own art, else DEFAULT,
 * else the first design offered. Before the art has loaded, nothing is offered, and the category's art stands.
 */
export function chosenArtId(view: Pick<GiftCardArtView, 'available' | 'defaultArt'>, selected: string | null, categoryArtId: string | null): string | null {
  if (!view.available.length) return selected ?? categoryArtId;
  const offered = (id: string | null | undefined): id is string => !!id && view.available.some((a) => a.id === id);
  if (offered(selected)) return selected;
  if (offered(categoryArtId)) return categoryArtId;
  const programmeDefault = view.defaultArt?.id;
  if (offered(programmeDefault)) return programmeDefault;
  return view.available[0].id;
}

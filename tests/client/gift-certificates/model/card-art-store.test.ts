import { setContentReader, type ContentReader, type EntryQuery } from '../../../../client/src/lib/content/contentful-client';
import {
  chosenArtId,
  giftCardArtView,
  toCardArtCategory,
  type GiftCardArt,
  type GiftCardArtContents,
} from '../../../../client/src/features/gift-certificates/model/card-art-model';
import { $giftCardArt, giftCardArtRequested, loadGiftCardArtFx } from '../../../../client/src/features/gift-certificates/model/card-art-store';
import { draftCleared, draftFieldUpdated } from '../../../../client/src/features/gift-certificates/model/cart-store';

const art = (id: string, name = id.toUpperCase()): GiftCardArt => ({ id, name, title: `Title ${id}`, background: '#000000', foreground: '#ffffff' });
const ids = (list: { id: string }[]) => list.map((a) => a.id);

const contents = (over: Partial<GiftCardArtContents> = {}): GiftCardArtContents => ({
  codes: ['ASPIRE', 'SKIN'],
  defaultArt: art('default', 'DEFAULT'),
  rewardArt: art('reward', 'Aspire Reward Default'),
  categories: [
    toCardArtCategory('c-ever', { name: 'Evergreen', group: 'GENERIC', art: ['default', 'sunny', 'gone'] }),
    toCardArtCategory('c-aspire', {
      name: 'ASPIRE',
      title: 'Aspire designs',
      group: 'GENERIC',
      art: ['signature', { sys: { type: 'Link', linkType: 'Entry', id: 'sunny' } }],
    }),
    toCardArtCategory('c-skin', { name: 'SKIN', group: 'PRODUCT_EXCLUSIVE', art: [{ sys: { id: 'leaf' }, fields: { title: 'resolved by the SDK' } }] }),
    toCardArtCategory('c-odd', { name: 'ODD', group: 'SOMETHING_ELSE', art: [] }),
  ],
  arts: Object.fromEntries(['default', 'sunny', 'signature', 'leaf'].map((id) => [id, art(id)])),
  ...over,
});

describe('the gift card art view', () => {
  it('groups every category but Evergreen as PRODUCT_EXCLUSIVE or GENERIC, an unknown group counting as GENERIC', () => {
    const view = giftCardArtView(contents(), 'ASPIRE');
    expect(view.categories.PRODUCT_EXCLUSIVE.map((c) => [c.name, ids(c.art)])).toEqual([['SKIN', ['leaf']]]);
    expect(view.categories.GENERIC.map((c) => [c.name, c.title, ids(c.art)])).toEqual([
      ['ASPIRE', 'Aspire designs', ['signature', 'sunny']],
      ['ODD', 'ODD', []],
    ]);
  });

  it('lists Evergreen without art whose entry is gone, and offers the category’s own art first, each design once', () => {
    const view = giftCardArtView(contents(), 'ASPIRE');
    expect(ids(view.evergreen)).toEqual(['default', 'sunny']);
    expect(ids(view.selection)).toEqual(['signature', 'sunny']);
    expect(ids(view.available)).toEqual(['signature', 'sunny', 'default']);
  });

  it('offers only Evergreen for a category without art of its own, or before a category is chosen', () => {
    expect(ids(giftCardArtView(contents(), 'NO_ART').available)).toEqual(['default', 'sunny']);
    expect(ids(giftCardArtView(contents(), '').selection)).toEqual([]);
    expect(ids(giftCardArtView(contents(), '').available)).toEqual(['default', 'sunny']);
  });

  it('finds the reward and default art by id beside the art the categories name', () => {
    const byId = giftCardArtView(contents(), 'SKIN').byId;
    expect(byId.reward?.name).toBe('Aspire Reward Default');
    expect(byId.leaf?.title).toBe('Title leaf');
  });
});

describe('the art a certificate gets', () => {
  const view = giftCardArtView(contents(), 'ASPIRE');
  it('is the member’s choice while it is offered, else the category’s art, else DEFAULT, else the first offered', () => {
    expect(chosenArtId(view, 'sunny', 'signature')).toBe('sunny');
    expect(chosenArtId(view, 'leaf', 'signature')).toBe('signature');
    expect(chosenArtId(view, null, 'reward')).toBe('default');
    expect(chosenArtId({ ...view, defaultArt: null }, null, null)).toBe('signature');
  });

  it('keeps the choice or the category’s art while no art is loaded', () => {
    const none = giftCardArtView(contents({ categories: [], arts: {} }), 'ASPIRE');
    expect(chosenArtId(none, null, 'card-art-x')).toBe('card-art-x');
    expect(chosenArtId(none, 'mine', 'card-art-x')).toBe('mine');
  });
});

/** A content service holding entries by type; it honours the `[in]` filters the store sends, and can be held back. */
function fakeContent(entries: Record<string, { id: string; fields: Record<string, unknown> }[]>) {
  const queries: EntryQuery[] = [];
  let gate: Promise<void> = Promise.resolve();
  const reader: ContentReader = {
    siteId: 'rewards',
    getEntries: async <F>(query: EntryQuery) => {
      queries.push(query);
      await gate;
      const names = query['fields.name[in]']?.toString().split(',');
      const wantedIds = query['sys.id[in]']?.toString().split(',');
      const items = (entries[String(query.content_type)] ?? [])
        .filter((e) => !names || names.includes(String(e.fields.name)))
        .filter((e) => !wantedIds || wantedIds.includes(e.id))
        .map((e) => ({ sys: { id: e.id }, fields: e.fields as F }));
      return { total: items.length, items };
    },
  };
  const hold = () => {
    let release: () => void = () => undefined;
    gate = new Promise<void>((r) => (release = r));
    return () => release();
  };
  return { reader, queries, hold };
}

const artEntry = (id: string, name: string) => ({ id, fields: { name, title: `Title ${id}`, background: '#111111', foreground: '#eeeeee' } });
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('the gift card art store', () => {
  const content = fakeContent({
    eGiftCardArtCategory: [
      { id: 'cat-ever', fields: { name: 'Evergreen', group: 'GENERIC', art: ['a-default', 'a-sunny'] } },
      { id: 'cat-aspire', fields: { name: 'ASPIRE_GIFT', group: 'GENERIC', art: ['a-signature'] } },
      { id: 'cat-skin', fields: { name: 'SKINCARE_GIFT', group: 'PRODUCT_EXCLUSIVE', art: ['a-leaf'] } },
    ],
    eGiftCardArt: [
      artEntry('a-default', 'DEFAULT'),
      artEntry('a-reward', 'Aspire Reward Default'),
      artEntry('a-sunny', 'SUNNY'),
      artEntry('a-signature', 'SIG'),
      artEntry('a-leaf', 'LEAF'),
    ],
  });
  beforeAll(() => setContentReader(content.reader));
  afterAll(() => {
    setContentReader(null);
    draftCleared();
  });

  it('starts not loaded and empty, then reads categories by name, the named arts, and the rest by id', async () => {
    expect($giftCardArt.getState()).toMatchObject({ isLoaded: false, defaultArt: null, rewardArt: null, available: [], evergreen: [] });
    giftCardArtRequested(['ASPIRE_GIFT']);
    await settle();
    const state = $giftCardArt.getState();
    expect(state.isLoaded).toBe(true);
    expect(state.defaultArt?.id).toBe('a-default');
    expect(state.rewardArt?.id).toBe('a-reward');
    expect(ids(state.evergreen)).toEqual(['a-default', 'a-sunny']);
    expect(state.categories.GENERIC.map((c) => c.name)).toEqual(['ASPIRE_GIFT']);
    expect(content.queries).toEqual([
      { content_type: 'eGiftCardArtCategory', 'fields.name[in]': 'Evergreen,ASPIRE_GIFT', limit: 1000 },
      { content_type: 'eGiftCardArt', 'fields.name[in]': 'DEFAULT,Aspire Reward Default', limit: 2 },
      { content_type: 'eGiftCardArt', 'sys.id[in]': 'a-default,a-sunny,a-signature', limit: 1000 },
    ]);
  });

  it('follows the category of the certificate being composed', () => {
    expect(ids($giftCardArt.getState().available)).toEqual(['a-default', 'a-sunny']);
    draftFieldUpdated({ field: 'certificateCategoryCode', value: 'ASPIRE_GIFT' });
    expect(ids($giftCardArt.getState().selection)).toEqual(['a-signature']);
    expect(ids($giftCardArt.getState().available)).toEqual(['a-signature', 'a-default', 'a-sunny']);
  });

  it('reads nothing again for codes it has, and reads again, once, for a code asked while a read was running', async () => {
    content.queries.length = 0;
    giftCardArtRequested(['ASPIRE_GIFT']);
    await settle();
    expect(content.queries).toEqual([]);

    const release = content.hold();
    giftCardArtRequested(['ASPIRE_GIFT', 'SKINCARE_GIFT']);
    await settle();
    giftCardArtRequested(['ASPIRE_GIFT', 'SKINCARE_GIFT', 'NEW_ONE']);
    expect(loadGiftCardArtFx.pending.getState()).toBe(true);
    release();
    await settle();
    const categoryReads = content.queries.filter((q) => q.content_type === 'eGiftCardArtCategory').map((q) => q['fields.name[in]']);
    expect(categoryReads).toEqual(['Evergreen,ASPIRE_GIFT,SKINCARE_GIFT', 'Evergreen,ASPIRE_GIFT,SKINCARE_GIFT,NEW_ONE']);
    draftFieldUpdated({ field: 'certificateCategoryCode', value: 'SKINCARE_GIFT' });
    expect($giftCardArt.getState().categories.PRODUCT_EXCLUSIVE.map((c) => [c.name, ids(c.art)])).toEqual([['SKINCARE_GIFT', ['a-leaf']]]);
    expect(ids($giftCardArt.getState().available)).toEqual(['a-leaf', 'a-default', 'a-sunny']);
  });
});

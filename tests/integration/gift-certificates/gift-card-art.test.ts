import { randomUUID } from 'node:crypto';
import { createClient } from 'contentful';
import { memberStream } from '../../../event-schemas';
import { loadStream } from '../../../server/core/command-handler';
import { EVERGREEN_ART, giftCardArtEntries, giftCardArtSeedSql, giftCardArtUpgrades } from '../../../server/content/seed-gift-card-art';
import { purchaseGiftCertificates } from '../../../server/gift-certificates/purchase-gift-certificates';
import { giftCardArtView } from '../../../client/src/features/gift-certificates/model/card-art-model';
import { readGiftCardArt } from '../../../client/src/features/gift-certificates/model/card-art-store';
import type { ContentReader, EntryQuery } from '../../../client/src/lib/content/contentful-client';
import { quickMember } from '../api/fixtures';
import { award } from '../ledger/ledger-helpers';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@example.com');
});
afterAll(() => s.stop());

/** The browser's reader, on the real contentful SDK, pointed at this server's delivery endpoint as the client points it. */
const sdkReader = (): ContentReader => {
  const client = createClient({
    space: 'rewards-local',
    environment: 'master',
    accessToken: 'local-delivery-token',
    host: new URL(s.url).host,
    basePath: '/cda',
    insecure: true,
    retryLimit: 0,
  });
  return {
    siteId: 'rewards',
    getEntries: async <F>(query: EntryQuery) => {
      const answer = await client.getEntries(query as Parameters<typeof client.getEntries>[0]);
      return { total: answer.total, items: answer.items.map((item) => ({ sys: { id: item.sys.id }, fields: item.fields as F })) };
    },
  };
};

const purchasableCodes = async (token: string) =>
  (await s.call('GET', '/api/rest/certificate-categories/list', { token })).body as { certificateCategoryCode: string; cardArtId: string | null }[];

describe('content reads of gift card art through the contentful SDK', () => {
  it('answers art categories by fields.name: Evergreen and one per purchasable category, each GENERIC or PRODUCT_EXCLUSIVE', async () => {
    const m = await quickMember(s);
    const categories = await purchasableCodes(m.token);
    const codes = categories.map((c) => c.certificateCategoryCode);
    expect(codes).toEqual(expect.arrayContaining(['ASPIRE_GIFT', 'SKINCARE_GIFT']));
    const reader = sdkReader();
    const answer = await reader.getEntries<{ name: string; group: string; art: string[] }>({
      content_type: 'eGiftCardArtCategory',
      'fields.name[in]': ['Evergreen', ...codes].join(','),
    });
    expect(answer.items.map((i) => i.fields.name).sort()).toEqual(['Evergreen', ...codes].sort());
    for (const item of answer.items) expect(['GENERIC', 'PRODUCT_EXCLUSIVE']).toContain(item.fields.group);
    expect(answer.items.find((i) => i.fields.name === 'Evergreen')?.fields.art).toEqual(EVERGREEN_ART);

    const one = await reader.getEntries<{ name: string }>({ content_type: 'eGiftCardArtCategory', 'fields.name': 'SKINCARE_GIFT' });
    expect(one.items.map((i) => i.fields.name)).toEqual(['SKINCARE_GIFT']);
  });

  it('builds the store from those reads: named arts, every art a category names, and each category’s own art preselectable', async () => {
    const m = await quickMember(s);
    const categories = await purchasableCodes(m.token);
    const contents = await readGiftCardArt(
      sdkReader(),
      categories.map((c) => c.certificateCategoryCode),
    );
    expect(contents.defaultArt).toMatchObject({ id: 'card-art-default', name: 'DEFAULT' });
    expect(contents.rewardArt).toMatchObject({ id: 'card-art-reward', name: 'Aspire Reward Default' });
    for (const category of contents.categories)
      for (const id of category.artIds) expect(contents.arts[id]).toMatchObject({ id, title: expect.any(String), background: expect.stringMatching(/^#/) });

    const skincare = giftCardArtView(contents, 'SKINCARE_GIFT');
    expect(skincare.categories.PRODUCT_EXCLUSIVE.map((c) => c.name)).toEqual(['SKINCARE_GIFT']);
    expect(skincare.categories.GENERIC.map((c) => c.name)).toEqual(['ASPIRE_GIFT']);
    expect(skincare.available.map((a) => a.id)).toEqual(['card-art-skincare-botanical', 'card-art-skincare-dew', ...EVERGREEN_ART]);
    for (const c of categories) expect(giftCardArtView(contents, c.certificateCategoryCode).available.map((a) => a.id)).toContain(c.cardArtId);
  });
});

describe('checkout and card art', () => {
  const order = (m: { token: string; paxId: number }, items: unknown[]) =>
    s.call('POST', `/api/rest/participants/${m.paxId}/gift-certificates/orders`, { token: m.token, body: { items, clientOrderId: randomUUID() } });
  const line = (selectedCardArt?: string | null) => ({
    certificateCategoryCode: 'ASPIRE_GIFT',
    amount: 25,
    quantity: 1,
    isGift: false,
    ...(selectedCardArt === undefined ? {} : { selectedCardArt }),
  });

  it.each([
    ['an id no entry has', [line('card-art-nope')], 'body.items.0.selectedCardArt'],
    ['an entry that is not eGiftCardArt', [line(), line('card-art-category-evergreen')], 'body.items.1.selectedCardArt'],
    ['an empty id', [line('')], 'body.items.0.selectedCardArt'],
  ])('refuses %s with a 400 naming the field, and changes nothing', async (_, items, path) => {
    const m = await quickMember(s);
    await award(s, admin.token, m.paxId, 1000);
    const before = await loadStream(s.runtime.deps.store, purchaseGiftCertificates, memberStream(m.paxId));
    const r = await order(m, items);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ path, message: expect.stringContaining('eGiftCardArt') }]);
    const after = await loadStream(s.runtime.deps.store, purchaseGiftCertificates, memberStream(m.paxId));
    expect(after.history).toHaveLength(before.history.length);
    expect(after.state.member.balance).toBe(1000);
    expect(after.state.orders.size).toBe(0);
  });

  it('accepts a design that exists, null, or none at all', async () => {
    const m = await quickMember(s);
    await award(s, admin.token, m.paxId, 1000);
    const r = await order(m, [line('card-art-golden-hour'), line(null), line()]);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ pointsSpent: 750, balance: 250 });
  });
});

describe('the gift card art seed on a database seeded before it existed', () => {
  const fieldsOf = async (id: string) =>
    (await s.runtime.deps.pool.query<{ fields: unknown }>('SELECT fields FROM content_entries WHERE id = $1', [id])).rows[0]?.fields;
  const countArt = async () =>
    Number(
      (
        await s.runtime.deps.pool.query<{ n: string }>(
          `SELECT count(*) AS n FROM content_entries WHERE content_type IN ('eGiftCardArt', 'eGiftCardArtCategory')`,
        )
      ).rows[0].n,
    );

  it('adds what is missing, upgrades untouched seed rows, keeps an admin’s edit, and changes nothing when run again', async () => {
    const pool = s.runtime.deps.pool;
    const full = await countArt();
    // Back to what the first content seed alone wrote, with one of its rows since edited by an admin.
    await pool.query('DELETE FROM content_entries WHERE id = ANY($1)', [giftCardArtEntries.map((e) => e.id)]);
    for (const u of giftCardArtUpgrades) await pool.query('UPDATE content_entries SET fields = $2 WHERE id = $1', [u.id, JSON.stringify(u.before)]);
    const edited = { name: 'DEFAULT', title: 'Edited by an admin', background: '#222222', foreground: '#ffffff' };
    await pool.query(`UPDATE content_entries SET fields = $1 WHERE id = 'card-art-default'`, [JSON.stringify(edited)]);
    expect(await countArt()).toBe(full - giftCardArtEntries.length);

    await pool.query(giftCardArtSeedSql());
    expect(await countArt()).toBe(full);
    expect(await fieldsOf('card-art-category-evergreen')).toEqual(giftCardArtUpgrades.find((u) => u.id === 'card-art-category-evergreen')!.after);
    expect(await fieldsOf('card-art-reward')).toEqual(giftCardArtUpgrades.find((u) => u.id === 'card-art-reward')!.after);
    expect(await fieldsOf('card-art-default')).toEqual(edited);

    const snapshot = (await pool.query('SELECT id, fields, updated_at FROM content_entries ORDER BY id')).rows;
    await pool.query(giftCardArtSeedSql());
    expect((await pool.query('SELECT id, fields, updated_at FROM content_entries ORDER BY id')).rows).toEqual(snapshot);
  });
});

import { renderHook, waitFor } from '@testing-library/react';
import { artFor, designIdsOf, noWalletArt, type WalletArt } from '../../../client/src/features/wallet/certificate-art';
import { useCertificateArt } from '../../../client/src/features/wallet/components/use-certificate-art';
import { setContentReader, type ContentReader, type EntryQuery } from '../../../client/src/lib/content/contentful-client';
import type { CertificateItem } from '../../../client/src/stores/certificates';
import type { CardArt } from '../../../client/src/stores/content';

const card = (name: string, title = name): CardArt => ({ name, title, background: '#000000', foreground: '#ffffff' });
const DEFAULT = card('DEFAULT', 'Programme card');
const REWARD = card('Aspire Reward Default', 'Reward card');
const GOLDEN = card('GOLDEN_HOUR', 'Golden hour');
const SEA = card('SEA_GLASS', 'Sea glass');

const cert = (id: string, over: Partial<CertificateItem> = {}): CertificateItem => ({
  id,
  status: 'ACTIVE',
  expirationDate: '2027-01-01',
  certificateCategoryType: 'PURCHASABLE',
  summaryDisplay: '',
  amount: 25,
  name: '$25',
  code: id,
  ...over,
});

describe('which art a wallet certificate wears', () => {
  const art: WalletArt = { purchased: DEFAULT, reward: REWARD, byId: { 'card-art-golden-hour': GOLDEN } };

  it('is the design a bought certificate chose', () => expect(artFor(cert('a', { cardArtId: 'card-art-golden-hour' }), art)).toBe(GOLDEN));
  it('is DEFAULT for a bought one with no design, an old one without the field, or a design not (yet) read', () => {
    for (const c of [cert('a', { cardArtId: null }), cert('b'), cert('c', { cardArtId: 'card-art-gone' })]) expect(artFor(c, art)).toBe(DEFAULT);
  });
  it('is the reward art for a reward, DEFAULT while that is missing', () => {
    expect(artFor(cert('r', { certificateCategoryType: null }), art)).toBe(REWARD);
    expect(artFor(cert('r', { certificateCategoryType: null }), { ...art, reward: null })).toBe(DEFAULT);
    expect(artFor(cert('r'), noWalletArt)).toBeNull();
  });
  it('reads each design once, in a stable order', () =>
    expect(designIdsOf([cert('a', { cardArtId: 'z' }), cert('b', { cardArtId: 'y' }), cert('c', { cardArtId: 'z' }), cert('d', { cardArtId: null })])).toEqual([
      'y',
      'z',
    ]));
});

describe('useCertificateArt', () => {
  const entries: Record<string, CardArt> = {
    'card-art-default': DEFAULT,
    'card-art-reward': REWARD,
    'card-art-golden-hour': GOLDEN,
    'card-art-sea-glass': SEA,
  };
  const queries: EntryQuery[] = [];
  const reader: ContentReader = {
    siteId: 'rewards',
    getEntries: async <F,>(query: EntryQuery) => {
      queries.push(query);
      const byName = query['fields.name'];
      const ids = typeof query['sys.id[in]'] === 'string' ? query['sys.id[in]'].split(',') : [];
      const items = Object.entries(entries)
        .filter(([id, a]) => a.name === byName || ids.includes(id))
        .map(([id, a]) => ({ sys: { id }, fields: a as F }));
      return { total: items.length, items };
    },
  };
  beforeEach(() => {
    queries.length = 0;
    setContentReader(reader);
  });
  afterEach(() => setContentReader(null));

  it('reads the defaults and the listed designs by id, then only designs it has not asked for', async () => {
    const first = [cert('a', { cardArtId: 'card-art-golden-hour' }), cert('b', { cardArtId: null }), cert('r', { certificateCategoryType: null })];
    const { result, rerender } = renderHook(({ items }) => useCertificateArt(items), { initialProps: { items: first } });
    await waitFor(() => expect(result.current).toEqual({ purchased: DEFAULT, reward: REWARD, byId: { 'card-art-golden-hour': GOLDEN } }));
    expect(queries.filter((q) => 'sys.id[in]' in q)).toEqual([{ content_type: 'eGiftCardArt', 'sys.id[in]': 'card-art-golden-hour', limit: 1 }]);

    rerender({ items: [...first, cert('c', { cardArtId: 'card-art-sea-glass' })] });
    await waitFor(() => expect(result.current.byId).toEqual({ 'card-art-golden-hour': GOLDEN, 'card-art-sea-glass': SEA }));
    expect(queries.filter((q) => 'sys.id[in]' in q).map((q) => q['sys.id[in]'])).toEqual(['card-art-golden-hour', 'card-art-sea-glass']);
  });
});

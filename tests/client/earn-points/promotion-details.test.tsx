import { fireEvent, render, screen, within } from '@testing-library/react';
import { setContentReader, type ContentReader, type EntryQuery } from '../../../client/src/lib/content/contentful-client';
import { PromotionDetailsDialog } from '../../../client/src/features/earn-points/components/promotion-details-dialog';
import type { Promotion } from '../../../client/src/stores/promotions';

const ID = 'aaaaaaaa-0000-4000-8000-000000000001';
const promotion: Promotion = {
  promoId: ID,
  programCode: 'GLOW',
  name: 'Season of Glow',
  description: 'd',
  fromDate: '2026-04-01',
  thruDate: '2026-04-30',
  certificateCategory: null,
  certificateCategoryName: null,
  hasOfferCert: false,
  offerCert: null,
  websiteData: {
    promoId: ID,
    tile: { title: 'Glow tile' },
    pages: [
      { page: 'OVERVIEW', contentEntryId: 'o' },
      { page: 'RULES', contentEntryId: 'r' },
      { page: 'FAQ', contentEntryId: 'f' },
    ],
  },
};

const entries = [
  { sys: { id: 'o' }, fields: { promotionId: ID, page: 'OVERVIEW', title: 'About Glow', paragraphs: ['<img src=x onerror="alert(1)"> is shown as text'] } },
  {
    sys: { id: 'r' },
    fields: {
      promotionId: ID,
      page: 'RULES',
      title: 'Rules of Glow',
      body: {
        nodeType: 'document',
        content: [{ nodeType: 'ordered-list', content: [{ nodeType: 'list-item', content: [{ nodeType: 'text', value: 'Two treatments qualify.' }] }] }],
      },
    },
  },
  {
    sys: { id: 'f' },
    fields: { promotionId: ID, page: 'FAQ', title: 'Glow questions', questions: [{ question: 'Do I still earn points?', answer: 'Yes.' }, { question: 42 }] },
  },
];

const queries: EntryQuery[] = [];
const reader: ContentReader = {
  siteId: 'rewards',
  getEntries: async <F,>(query: EntryQuery) => {
    queries.push(query);
    // A tiny content service: by promotion id, or by a list of entry ids.
    const ids = typeof query['sys.id[in]'] === 'string' ? query['sys.id[in]'].split(',') : null;
    const found = entries.filter((e) => (ids ? ids.includes(e.sys.id) : e.fields.promotionId === query['fields.promotionId']));
    return { total: found.length, items: found.map((e) => ({ sys: e.sys, fields: e.fields as F })) };
  },
};

beforeEach(() => {
  queries.length = 0;
  setContentReader(reader);
});
afterEach(() => setContentReader(null));

describe('the promotion details dialog', () => {
  it('reads the pages by promotion id and shows OVERVIEW, RULES and FAQ as tabs, content as text only', async () => {
    render(<PromotionDetailsDialog promotion={promotion} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Glow tile' });
    expect(queries).toEqual([{ content_type: 'promotionWebsite', 'fields.promotionId': ID }]);
    expect((await within(dialog).findAllByRole('tab')).map((t) => t.textContent)).toEqual(['Overview', 'Rules', 'FAQ']);
    expect(await within(dialog).findByRole('heading', { name: 'About Glow' })).toBeTruthy();
    expect(within(dialog).getByText(/is shown as text/).textContent).toContain('<img');
    expect(dialog.querySelector('img')).toBeNull();

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Rules' }));
    expect(await within(dialog).findByRole('heading', { name: 'Rules of Glow' })).toBeTruthy();
    expect(within(dialog).getByRole('listitem').textContent).toBe('Two treatments qualify.');

    fireEvent.click(within(dialog).getByRole('tab', { name: 'FAQ' }));
    expect(await within(dialog).findByText('Do I still earn points?')).toBeTruthy();
    expect(within(dialog).getByText('Yes.')).toBeTruthy();
    expect(within(dialog).queryByText('42')).toBeNull();
  });

  it('shows a copied promotion’s pages, which are filed under the original’s id, through their listed entry ids', async () => {
    const COPY = 'aaaaaaaa-0000-4000-8000-000000000002';
    render(
      <PromotionDetailsDialog
        promotion={{ ...promotion, promoId: COPY, websiteData: { ...promotion.websiteData!, promoId: COPY } }}
        onClose={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Glow tile' });
    expect(await within(dialog).findByRole('heading', { name: 'About Glow' })).toBeTruthy();
    expect(queries).toEqual([
      { content_type: 'promotionWebsite', 'fields.promotionId': COPY },
      { content_type: 'promotionWebsite', 'sys.id[in]': 'o,r,f', limit: 3 },
    ]);
  });
});

import type { SeedEntry } from './seed-entries';

/**
 * The website pages (content type `promotionWebsite`) of the demo promotion seeded by server/seed/demo-promotion.ts.
 * The promotion and its copy are fictional, written for this project.
 */
export const DEMO_PROMOTION_ID = '3f8a6c1e-7b2d-4e59-9c14-5a0d2e7b8f31';
export const DEMO_PROMOTION_PAGES = { OVERVIEW: 'promo-glow-overview', RULES: 'promo-glow-rules', FAQ: 'promo-glow-faq' } as const;

const text = (value: string) => ({ nodeType: 'text', value, marks: [], data: {} });
const item = (value: string) => ({ nodeType: 'list-item', data: {}, content: [{ nodeType: 'paragraph', data: {}, content: [text(value)] }] });

export const promotionPageEntries: SeedEntry[] = [
  {
    id: DEMO_PROMOTION_PAGES.OVERVIEW,
    contentType: 'promotionWebsite',
    fields: {
      promotionId: DEMO_PROMOTION_ID,
      page: 'OVERVIEW',
      title: 'Season of Glow',
      paragraphs: [
        'Glow all season and we will treat you back: each qualifying treatment at a participating specialist while the promotion runs earns a $25 Season of Glow offer certificate toward your next visit.',
        'There is nothing to sign up for. Every member sees this promotion, and your treatments count as soon as your specialist records them.',
      ],
    },
  },
  {
    id: DEMO_PROMOTION_PAGES.RULES,
    contentType: 'promotionWebsite',
    fields: {
      promotionId: DEMO_PROMOTION_ID,
      page: 'RULES',
      title: 'Promotion rules',
      body: {
        nodeType: 'document',
        data: {},
        content: [
          {
            nodeType: 'ordered-list',
            data: {},
            content: [
              item('Open to programme members who are US residents aged 18 or over.'),
              item(
                'A treatment qualifies when its date of service is inside the promotion window and it includes 20 or more neuromodulator units, or a dermal filler or collagen stimulator; partner purchases do not.',
              ),
              item('One offer certificate per qualifying treatment, issued when the treatment is processed (the night after your specialist records it).'),
              item('The offer certificate has no cash value, cannot be transferred and expires 60 days after it is issued.'),
              item('The programme may end this promotion early; treatments completed before it ends still count.'),
            ],
          },
        ],
      },
    },
  },
  {
    id: DEMO_PROMOTION_PAGES.FAQ,
    contentType: 'promotionWebsite',
    fields: {
      promotionId: DEMO_PROMOTION_ID,
      page: 'FAQ',
      title: 'Questions and answers',
      questions: [
        {
          question: 'Do I still earn my usual points?',
          answer: 'Yes. Qualifying treatments earn their usual points as well as counting toward this promotion.',
        },
        { question: 'Where will I find my offer certificate?', answer: 'In your Wallet, under your certificates, as soon as it is issued.' },
        {
          question: 'Do two qualifying treatments earn two certificates?',
          answer: 'Yes. Each qualifying treatment earns its own certificate, and your activity shows which treatment earned it.',
        },
      ],
    },
  },
];

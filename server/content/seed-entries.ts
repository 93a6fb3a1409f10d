import { campaignContentEntries } from './seed-campaign-content';
import { emailTemplateEntries } from './seed-email-templates';
import { giftCardArtEntries } from './seed-gift-card-art';
import { promotionPageEntries } from './seed-promotion-pages';

/**
 * Sample copy written for this project. It describes two fictional brands and is placeholder text: it is not, and must
 * never be replaced by, a real product's prescribing or safety information copied from elsewhere.
 */
export interface SeedEntry {
  id: string;
  contentType: string;
  fields: Record<string, unknown>;
}

export const SITE_ID = 'rewards';

const brands = [
  { code: 'BRAND_A', name: 'Brand A Aesthetics', tagline: 'Smooth, natural-looking results.', order: 1 },
  { code: 'BRAND_B', name: 'Brand B Dermal', tagline: 'Volume and contour, shaped by your specialist.', order: 2 },
];

const isi = (brand: (typeof brands)[number]): SeedEntry[] => [
  {
    id: `isi-${brand.code.toLowerCase()}-1`,
    contentType: 'importantSafetyInformation',
    fields: {
      siteId: SITE_ID,
      brand: brand.code,
      brandName: brand.name,
      order: brand.order * 10 + 1,
      heading: `${brand.name}: Important Safety Information (sample)`,
      paragraphs: [
        `This is sample safety copy for the fictional ${brand.name} brand, written for this demonstration programme.`,
        'In a live programme this section carries the approved safety information for each product. Ask your specialist about benefits and risks before any treatment.',
      ],
    },
  },
  {
    id: `isi-${brand.code.toLowerCase()}-2`,
    contentType: 'importantSafetyInformation',
    fields: {
      siteId: SITE_ID,
      brand: brand.code,
      brandName: brand.name,
      order: brand.order * 10 + 2,
      heading: 'Tell your specialist',
      paragraphs: ['Sample text: tell your specialist about your medical history and any medicines you take. Report side effects to your specialist.'],
    },
  },
];

export const seedEntries: SeedEntry[] = [
  {
    id: 'global-rewards',
    contentType: 'globalContent',
    fields: { siteId: SITE_ID, reviewCode: 'RWD-DEMO-2026', hideIsiHeader: false, chatLabel: 'Chat with us' },
  },
  {
    id: 'isi-header-rewards',
    contentType: 'importantSafetyInformationHeader',
    fields: {
      siteId: SITE_ID,
      title: 'IMPORTANT SAFETY INFORMATION',
      summary: 'Sample summary: the treatments in this programme are prescription treatments. See the full safety information below.',
    },
  },
  {
    id: 'banner-rewards',
    contentType: 'banner',
    fields: {
      siteId: SITE_ID,
      bannerText: 'New: earn bonus points when you complete a survey this month.',
      textColor: '#ffffff',
      linkText: 'See surveys',
      link: '/surveys',
      iconColor: '#fbf7f3',
      iconSvgPath: 'M12 2l2.9 6.9L22 9.6l-5.5 4.7L18.2 22 12 18.3 5.8 22l1.7-7.7L2 9.6l7.1-.7z',
      backgroundColor: '#4e6272',
    },
  },
  ...brands.map((b) => ({
    id: `brand-${b.code.toLowerCase()}`,
    contentType: 'brandContent',
    fields: {
      brand: b.code,
      name: b.name,
      tagline: b.tagline,
      order: b.order,
      description: `Every qualifying ${b.name} treatment earns points in the programme.`,
    },
  })),
  ...brands.flatMap(isi),
  ...brands.map((b) => ({
    id: `pi-${b.code.toLowerCase()}`,
    contentType: 'prescribingInformation',
    fields: {
      brand: b.code,
      order: b.order,
      title: `${b.name} prescribing information (sample)`,
      paragraphs: [
        `Placeholder: the full prescribing information for ${b.name} products is provided by the brand's owner. This demonstration shows sample text only.`,
      ],
    },
  })),
  {
    id: 'copy-offer-ended',
    contentType: 'textCopy',
    fields: { key: 'offerEnded', copy: { title: 'OFFER ENDED', text: 'This gift offer has ended. Keep checking back for new offers.' } },
  },
  {
    id: 'copy-pending-explanation',
    contentType: 'textCopy',
    fields: {
      key: 'pendingPoints',
      copy: {
        text: 'Points are processed after 11:59 pm PST each day. Treatments paid with a third-party patient financing plan need your confirmation by e-mail or text before their points are awarded.',
      },
    },
  },
  {
    id: 'campaign-terms-spring',
    contentType: 'campaignTerms',
    fields: { campaign: 'SPRING', text: 'Sample terms: one offer per member; valid at participating specialists while the campaign runs.' },
  },
  { id: 'card-art-default', contentType: 'eGiftCardArt', fields: { name: 'DEFAULT', title: 'Programme card', background: '#4e6272', foreground: '#fbf7f3' } },
  {
    id: 'card-art-reward',
    contentType: 'eGiftCardArt',
    fields: { name: 'Aspire Reward Default', title: 'Reward card', background: '#d8c3b0', foreground: '#2f2a26' },
  },
  { id: 'card-art-category-evergreen', contentType: 'eGiftCardArtCategory', fields: { name: 'Evergreen', art: ['card-art-default', 'card-art-reward'] } },
  ...giftCardArtEntries,
  ...campaignContentEntries,
  ...emailTemplateEntries,
  {
    id: 'page-faq',
    contentType: 'pageContent',
    fields: {
      slug: 'faq',
      title: 'Frequently Asked Questions',
      sections: [
        {
          heading: 'How do I earn points?',
          paragraphs: [
            'Members earn points for qualifying treatments, partner purchases, bonus awards, promotions and surveys. A single date of service earns at most 1,000 points.',
          ],
        },
        {
          heading: 'When do my points appear?',
          paragraphs: ['Treatment points are processed after 11:59 pm PST each day and show as Points Pending until then.'],
        },
        {
          heading: 'How do I redeem points?',
          paragraphs: ['Open your Wallet and choose REDEEM. Rewards run from 100 to 1,000 points in steps of 100 and expire 60 days after they are issued.'],
        },
        { heading: 'Does membership cost anything?', paragraphs: ['No. Membership is free and new members get $20 in savings.'] },
      ],
    },
  },
  {
    id: 'page-terms',
    contentType: 'pageContent',
    fields: {
      slug: 'terms',
      title: 'Terms & Conditions',
      sections: [
        {
          heading: 'Programme terms (sample)',
          paragraphs: [
            'This demonstration programme is open to US residents aged 18 and over. Points have no cash value.',
            'Rewards expire 60 days after they are issued. The programme may change or end at any time.',
          ],
        },
      ],
    },
  },
  {
    id: 'page-cookie-policy',
    contentType: 'pageContent',
    fields: {
      slug: 'cookie-policy',
      title: 'Cookie Policy',
      sections: [
        {
          heading: 'What we store',
          paragraphs: ['The site keeps your session in your browser storage under the keys user and token. It sets no advertising cookies.'],
        },
        { heading: 'Your choices', paragraphs: ['You can clear site data in your browser at any time; you will then need to sign in again.'] },
      ],
    },
  },
  {
    id: 'page-contact',
    contentType: 'pageContent',
    fields: {
      slug: 'contact',
      title: 'Contact Us',
      sections: [
        { heading: 'Member services (sample)', paragraphs: ['E-mail support@example.com or call 800-555-0100, Monday to Friday, 8 am to 5 pm Pacific.'] },
      ],
    },
  },
  ...promotionPageEntries,
];

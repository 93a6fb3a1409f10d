import type { SeedEntry } from './seed-entries';

/**
 * Gift card art (admin spec "Gift card art store"): `eGiftCardArt` designs and the `eGiftCardArtCategory` entries that
 * offer them, one named Evergreen (offered with every certificate) and one per purchasable category code. Designs and
 * copy are written for this project. A category names its art by entry id: our delivery endpoint answers no
 * `includes`, so Contentful links would not resolve; the client also accepts links should a real space use them.
 */

const art = (id: string, name: string, title: string, description: string, [background, foreground, accent]: [string, string, string]): SeedEntry => ({
  id,
  contentType: 'eGiftCardArt',
  fields: { name, title, description, background, foreground, accent },
});

const category = (id: string, name: string, title: string, group: 'GENERIC' | 'PRODUCT_EXCLUSIVE', ids: string[]): SeedEntry => ({
  id,
  contentType: 'eGiftCardArtCategory',
  fields: { name, title, group, art: ids },
});

/** Text and background colours keep a contrast of at least 4.5:1; the accent is only ever a decorative band. */
const newArt: SeedEntry[] = [
  art('card-art-golden-hour', 'GOLDEN_HOUR', 'Golden hour', 'Warm amber with a honey-gold band, like late-afternoon light.', ['#7a4a12', '#fff8ec', '#f2b84b']),
  art('card-art-sea-glass', 'SEA_GLASS', 'Sea glass', 'Deep teal with a pale aqua band.', ['#1f5f5b', '#f1fbf9', '#9fd8cf']),
  art('card-art-midnight-bloom', 'MIDNIGHT_BLOOM', 'Midnight bloom', 'Inky violet with a soft lilac band.', ['#2b2340', '#f7f1ff', '#c9a7e8']),
  art('card-art-celebrate', 'CELEBRATE', 'Celebrate', 'Berry red with a bright marigold band, for birthdays and big days.', ['#9b2c4a', '#fff5f7', '#ffc857']),
  art('card-art-thank-you', 'THANK_YOU', 'With thanks', 'Warm linen with a terracotta band.', ['#f4ece4', '#3b2f2a', '#b5836b']),
  art('card-art-aspire-signature', 'ASPIRE_SIGNATURE', 'Aspire signature', 'Slate navy with a champagne band.', ['#33415c', '#f8f4ee', '#c8a97e']),
  art('card-art-aspire-radiance', 'ASPIRE_RADIANCE', 'Radiance', 'Plum with a rose-petal band.', ['#6b2f4f', '#fff4f8', '#f0a6c4']),
  art('card-art-skincare-botanical', 'SKINCARE_BOTANICAL', 'Botanical', 'Fern green with a sage band.', ['#2f5233', '#f3f8ef', '#a8c69f']),
  art('card-art-skincare-dew', 'SKINCARE_DEW', 'Morning dew', 'Misty mint with a sea-green band.', ['#e6f0ef', '#1d3b3a', '#6fa8a3']),
];

export const EVERGREEN_ART = [
  'card-art-default',
  'card-art-golden-hour',
  'card-art-sea-glass',
  'card-art-midnight-bloom',
  'card-art-celebrate',
  'card-art-thank-you',
];

const newCategories: SeedEntry[] = [
  category('card-art-category-aspire-gift', 'ASPIRE_GIFT', 'Aspire Gift Certificate designs', 'GENERIC', [
    'card-art-aspire-signature',
    'card-art-aspire-radiance',
  ]),
  category('card-art-category-skincare-gift', 'SKINCARE_GIFT', 'Skincare Gift Certificate designs', 'PRODUCT_EXCLUSIVE', [
    'card-art-skincare-botanical',
    'card-art-skincare-dew',
  ]),
];

/** Entries that did not exist before; `seed-entries.ts` spreads them into the first content seed. */
export const giftCardArtEntries: SeedEntry[] = [...newArt, ...newCategories];

/**
 * The three art entries the first content seed wrote, as it wrote them, and what they become: a database seeded before
 * this file existed is brought up to date, unless an admin has edited the entry since (then their edit stands).
 */
export const giftCardArtUpgrades: { id: string; before: Record<string, unknown>; after: Record<string, unknown> }[] = [
  {
    id: 'card-art-default',
    before: { name: 'DEFAULT', title: 'Programme card', background: '#4e6272', foreground: '#fbf7f3' },
    after: {
      name: 'DEFAULT',
      title: 'Programme card',
      description: "Slate blue with a sand band: the programme's own card.",
      background: '#4e6272',
      foreground: '#fbf7f3',
      accent: '#d8c3b0',
    },
  },
  {
    id: 'card-art-reward',
    before: { name: 'Aspire Reward Default', title: 'Reward card', background: '#d8c3b0', foreground: '#2f2a26' },
    after: {
      name: 'Aspire Reward Default',
      title: 'Reward card',
      description: 'Sand with a slate band: the card of every reward certificate.',
      background: '#d8c3b0',
      foreground: '#2f2a26',
      accent: '#4e6272',
    },
  },
  {
    id: 'card-art-category-evergreen',
    before: { name: 'Evergreen', art: ['card-art-default', 'card-art-reward'] },
    // The reward art leaves Evergreen: it marks certificates earned with points, not ones bought as gifts.
    after: { name: 'Evergreen', title: 'For every occasion', group: 'GENERIC', art: EVERGREEN_ART },
  },
];

const json = (value: unknown) => `'${JSON.stringify(value).replace(/'/g, "''")}'::jsonb`;
const text = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Idempotent: inserts what is missing, upgrades only untouched seed rows, so running it again changes nothing. */
export const giftCardArtSeedSql = (): string =>
  [
    ...giftCardArtEntries.map(
      (e) =>
        `INSERT INTO content_entries (id, content_type, fields) VALUES (${text(e.id)}, ${text(e.contentType)}, ${json(e.fields)}) ON CONFLICT (id) DO NOTHING;`,
    ),
    ...giftCardArtUpgrades.map(
      (u) => `UPDATE content_entries SET fields = ${json(u.after)}, updated_at = now() WHERE id = ${text(u.id)} AND fields = ${json(u.before)};`,
    ),
  ].join('\n');

import type pg from 'pg';
import type { EventOfType, PurchasedCertificate } from '../../../event-schemas';
import type { FindCardArt } from '../../../server/gift-certificates/card-art-catalogue';
import { mailGiftRecipients } from '../../../server/gift-certificates/issue-gift-order';

type Purchased = EventOfType<'GiftCertificatesPurchased'>['data'];

const gift = (i: number, cardArtId?: string | null): PurchasedCertificate => ({
  certificateId: `6c0b1c9e-2d1f-4a5b-8c7d-9e0f1a2b3c4${i}`,
  code: `CODE-${i}`,
  certificateCategoryCode: 'ASPIRE_GIFT',
  name: '$25 Aspire Gift Certificate',
  amount: 25,
  purchasePrice: 250,
  isGift: true,
  recipientName: 'Robin',
  senderName: 'Sam',
  giftMessage: null,
  recipientEmail: `r${i}@example.com`,
  ...(cardArtId === undefined ? {} : { cardArtId }),
});
const order = (...certificates: PurchasedCertificate[]): Purchased => ({
  paxId: 7,
  orderId: '1a2b3c4d-5e6f-4a5b-8c7d-9e0f1a2b3c4d',
  clientOrderId: 'c',
  pointsSpent: 250,
  consumed: [],
  certificates,
  expirationDate: '2027-02-03',
});

/** Collects the outbox rows instead of writing them. */
const outbox = () => {
  const rows: { recipient: string; body: string }[] = [];
  const db = { query: async (_sql: string, args: string[]) => void rows.push({ recipient: args[1], body: args[3] }) } as unknown as pg.PoolClient;
  return { db, rows };
};
const titles = (known: Record<string, string>): FindCardArt & jest.Mock =>
  jest.fn(async (ids: readonly string[]) => new Map(ids.filter((id) => id in known).map((id) => [id, known[id]])));

describe('the gift e-mail', () => {
  it('names the chosen design by its title, looking every design up once', async () => {
    const { db, rows } = outbox();
    const find = titles({ 'card-art-golden-hour': 'Golden hour' });
    await mailGiftRecipients(db, order(gift(1, 'card-art-golden-hour'), gift(2, 'card-art-golden-hour')), find);
    expect(rows.map((r) => r.body)).toEqual([expect.stringContaining('Design: Golden hour'), expect.stringContaining('Design: Golden hour')]);
    expect(find).toHaveBeenCalledTimes(1);
    expect(find).toHaveBeenCalledWith(['card-art-golden-hour']);
  });

  it('has no design line when none was chosen, the order predates designs, or the design is gone', async () => {
    const { db, rows } = outbox();
    const find = titles({});
    await mailGiftRecipients(db, order(gift(1, null), gift(2), gift(3, 'card-art-deleted')), find);
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r.body).not.toContain('Design:');
  });

  it('still writes the mail, without the design, when content does not answer', async () => {
    const { db, rows } = outbox();
    await mailGiftRecipients(db, order(gift(1, 'card-art-golden-hour')), async () => Promise.reject(new Error('503')));
    expect(rows).toEqual([{ recipient: 'r1@example.com', body: expect.stringContaining('CODE-1') }]);
    expect(rows[0].body).not.toContain('Design:');
  });

  it('asks content nothing for an order without gifts', async () => {
    const { db, rows } = outbox();
    const find = titles({});
    await mailGiftRecipients(db, order({ ...gift(1, 'card-art-golden-hour'), isGift: false, recipientEmail: null }), find);
    expect(rows).toEqual([]);
    expect(find).not.toHaveBeenCalled();
  });
});

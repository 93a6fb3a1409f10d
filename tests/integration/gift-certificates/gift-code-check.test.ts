import { randomUUID } from 'node:crypto';
import { award, readAfter } from '../ledger/ledger-helpers';
import { startTestServer, type TestServer } from '../../support/test-server';

/**
 * Issue 54, item 14: the claim page offered CLAIM THIS GIFT for a code already claimed and for any text. The code is
 * checked first (GET /gift-certificates/claim) and named as the e-mail names it; the e-mail writes its date as
 * MM/DD/YYYY and its amount once.
 */
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@example.com');
});
afterAll(() => s.stop());

const check = (token: string, code: string) => s.call('GET', `/api/rest/gift-certificates/claim?code=${encodeURIComponent(code)}`, { token });

async function buyGift(recipientEmail: string, senderName: string) {
  const buyer = await s.enroll();
  await award(s, admin.token, buyer.paxId, 500);
  const r = await s.call('POST', `/api/rest/participants/${buyer.paxId}/gift-certificates/orders`, {
    token: buyer.token,
    body: {
      clientOrderId: randomUUID(),
      items: [{ certificateCategoryCode: 'ASPIRE_GIFT', amount: 50, quantity: 1, isGift: true, recipientName: 'Robin Friend', senderName, recipientEmail }],
    },
  });
  expect(r.status).toBe(201);
  await readAfter(s, '/api/rest/participants/~/certificates', buyer.token, r.body.position);
  return { buyer, code: r.body.certificates[0].code as string, expirationDate: r.body.certificates[0].expirationDate as string };
}

async function mailTo(recipient: string): Promise<{ subject: string; body: string }> {
  const until = Date.now() + 10_000;
  for (;;) {
    const box = (await s.call('GET', `/api/rest/admin/outbox?recipient=${encodeURIComponent(recipient)}`, { token: admin.token })).body as {
      subject: string;
      body: string;
    }[];
    if (box[0] || Date.now() > until) return box[0];
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('checking a gift code before claiming it', () => {
  it('names a claimable gift and its sender as the e-mail does, and says what the code is for each member', async () => {
    const recipientEmail = `robin-${randomUUID()}@example.com`;
    const { buyer, code, expirationDate } = await buyGift(recipientEmail, 'Sam');
    const mail = await mailTo(recipientEmail);
    expect(mail.subject).toBe('Sam sent you a gift certificate');
    expect(mail.body).toContain('Sam sent you a $50 Aspire Gift Certificate.');
    expect(mail.body).not.toContain('($50');
    expect(mail.body).toContain(`Valid until ${expirationDate.slice(5, 7)}/${expirationDate.slice(8, 10)}/${expirationDate.slice(0, 4)}.`);

    const recipient = await s.enroll({ email: recipientEmail });
    const before = await check(recipient.token, code.toLowerCase());
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ code, standing: 'CLAIMABLE', title: '$50 Aspire Gift Certificate', sender: 'Sam' });
    expect((await check(buyer.token, code)).body.standing).toBe('SENT_BY_YOU');

    const claim = await s.call('POST', '/api/rest/gift-certificates/claim', { token: recipient.token, body: { code } });
    expect(claim.status).toBe(200);
    const claimed = await readAfter(s, `/api/rest/gift-certificates/claim?code=${code}`, recipient.token, claim.body.position);
    expect(claimed.body).toEqual({ code, standing: 'CLAIMED_BY_YOU', title: '$50 Aspire Gift Certificate', sender: 'Sam' });
    // Someone else learns only that it is taken.
    expect((await check((await s.enroll()).token, code)).body).toEqual({ code, standing: 'ALREADY_CLAIMED' });
  });

  it('names a sender who gave no name as the e-mail does: "A friend"', async () => {
    const recipientEmail = `anon-${randomUUID()}@example.com`;
    const { code } = await buyGift(recipientEmail, '  ');
    expect((await mailTo(recipientEmail)).body).toContain('A friend sent you a $50 Aspire Gift Certificate.');
    expect((await check((await s.enroll()).token, code)).body).toMatchObject({ standing: 'CLAIMABLE', sender: 'A friend' });
  });

  it('answers 404 naming query.code for a code no gift has', async () => {
    const r = await check((await s.enroll()).token, 'NOT-A-GIFT');
    expect(r.status).toBe(404);
    expect(r.body.errors).toEqual([{ path: 'query.code', message: 'is not the code of any gift certificate: check it against the e-mail' }]);
  });
});

import { randomUUID } from 'node:crypto';
import { today as programmeToday } from '../treatments/treatment-helpers';
import { certificateStream } from '../../../event-schemas';
import { award, readAfter } from '../ledger/ledger-helpers';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@example.com');
});
afterAll(() => s.stop());

async function buyGift(recipientEmail: string) {
  const buyer = await s.enroll();
  await award(s, admin.token, buyer.paxId, 500);
  const r = await s.call('POST', `/api/rest/participants/${buyer.paxId}/gift-certificates/orders`, {
    token: buyer.token,
    body: {
      clientOrderId: randomUUID(),
      items: [
        { certificateCategoryCode: 'ASPIRE_GIFT', amount: 50, quantity: 1, isGift: true, recipientName: 'Robin Friend', senderName: 'Sam', recipientEmail },
      ],
    },
  });
  expect(r.status).toBe(201);
  await readAfter(s, '/api/rest/participants/~/certificates', buyer.token, r.body.position);
  return { buyer, code: r.body.certificates[0].code as string, certificateId: r.body.certificates[0].id as string };
}

describe('a gift certificate', () => {
  it('belongs to its recipient once they claim the code; the buyer sees it as sent and claimed, and cannot use it', async () => {
    const recipientEmail = `robin-${randomUUID()}@example.com`;
    const { buyer, code, certificateId } = await buyGift(recipientEmail);
    const mail = (await s.call('GET', `/api/rest/admin/outbox?recipient=${encodeURIComponent(recipientEmail)}`, { token: admin.token })).body as {
      body: string;
    }[];
    const until = Date.now() + 10_000;
    let body = mail[0]?.body ?? '';
    while (!body && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      body =
        ((await s.call('GET', `/api/rest/admin/outbox?recipient=${encodeURIComponent(recipientEmail)}`, { token: admin.token })).body as { body: string }[])[0]
          ?.body ?? '';
    }
    expect(body).toContain(`/gift-certificates/claim?code=${encodeURIComponent(code)}`);

    expect((await s.call('POST', '/api/rest/gift-certificates/claim', { token: buyer.token, body: { code } })).status).toBe(409);
    const recipient = await s.enroll({ email: recipientEmail });
    const claimed = await s.call('POST', '/api/rest/gift-certificates/claim', { token: recipient.token, body: { code } });
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ id: certificateId, code, status: 'ACTIVE', gift: { recipientName: 'Robin Friend', claimed: true } });

    const theirs = await readAfter(s, '/api/rest/participants/~/certificates', recipient.token, claimed.body.position);
    expect(theirs.body.items.map((c: { id: string }) => c.id)).toContain(certificateId);
    const buyers = await readAfter(s, '/api/rest/participants/~/certificates', buyer.token, claimed.body.position);
    expect(buyers.body.items.map((c: { id: string }) => c.id)).not.toContain(certificateId);
    const sent = await s.call('GET', `/api/rest/participants/${buyer.paxId}/gifts-sent`, { token: buyer.token });
    expect(sent.body).toEqual([
      expect.objectContaining({ id: certificateId, status: 'ACTIVE', gift: expect.objectContaining({ recipientEmail, claimed: true }) }),
    ]);
    expect((await s.call('POST', '/api/rest/gift-certificates/claim', { token: (await s.enroll()).token, body: { code } })).status).toBe(409);
  });

  it('is claimed by exactly one of several people using its code at once', async () => {
    const { code, certificateId } = await buyGift(`race-${randomUUID()}@example.com`);
    const claimants = await Promise.all([1, 2, 3, 4, 5].map(() => s.enroll()));
    const answers = await Promise.all(claimants.map((c) => s.call('POST', '/api/rest/gift-certificates/claim', { token: c.token, body: { code } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const stream = await s.runtime.deps.store.readStream(certificateStream(certificateId));
    expect(stream.filter((e) => e.type === 'CertificateTransferred')).toHaveLength(1);
  });

  it('reads as unknown at a treatment reported for anyone but its holder', async () => {
    const { buyer, code } = await buyGift(`treat-${randomUUID()}@example.com`);
    const products = (await s.call('GET', '/api/rest/products', { token: buyer.token })).body as { id: number; category: string }[];
    const product = products.find((p) => p.category === 'TREATMENT')!;
    // The programme's today: a UTC date is tomorrow there between midnight UTC and midnight in its zone.
    const today = programmeToday();
    const posted = await s.call('POST', '/api/rest/treatments', {
      token: admin.token,
      body: {
        externalId: `gift-${randomUUID()}`,
        paxId: buyer.paxId,
        dateOfService: today,
        hcpName: 'Dr. Gift',
        lineItems: [{ productId: product.id, quantity: 1, injector: { firstName: 'A', lastName: 'B' } }],
        redeemedCertificateCodes: [code],
      },
    });
    expect(posted.status).toBe(202);
    const until = Date.now() + 10_000;
    let detail = await s.call('GET', `/api/rest/patients/${buyer.paxId}/activity/${posted.body.treatmentId as string}`, { token: buyer.token });
    while (detail.status !== 200 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      detail = await s.call('GET', `/api/rest/patients/${buyer.paxId}/activity/${posted.body.treatmentId as string}`, { token: buyer.token });
    }
    expect(detail.body.redeemedCertificates).toEqual([expect.objectContaining({ code, name: null, amount: null })]);
  });
});

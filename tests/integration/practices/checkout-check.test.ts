import { randomUUID } from 'node:crypto';
import { settingsFromEnv } from '../../../server/config';
import { DEMO } from '../../../server/seed/demo';
import { eventually } from '../../support/event-store-contract';
import { startTestServer, type TestServer } from '../../support/test-server';
import { daysAgo, lineItem, seededProducts, settled, treatmentBody, type SeededProducts } from '../treatments/treatment-helpers';

jest.setTimeout(120_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let products: SeededProducts;
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false, settings: { ...settingsFromEnv(), welcomeCertificateCategory: 'WELCOME' } });
  admin = await s.login(DEMO.admin.email);
  products = await seededProducts(s, admin.token);
});
afterAll(() => s.stop());

const practice = { 'x-api-key': DEMO.practiceKey };
type Verdict = { code: string; chosen: boolean; applies: boolean; reasons: string[]; status: string };
const checkTicket = (paxId: number, body: Record<string, unknown>) =>
  s.call('POST', `/api/rest/practice/patients/${paxId}/checkout-check`, {
    headers: practice,
    body: { dateOfService: daysAgo(1), lineItems: [], redeemedCertificateCodes: [], ...body },
  });

/** A new member with their welcome certificate and two reward certificates of one category. */
async function memberWithThree() {
  const m = await s.enroll();
  const given = await s.call('POST', `/api/rest/admin/participants/${m.paxId}/points`, {
    token: admin.token,
    body: { amount: 200, description: 'Checkout check', idempotencyKey: randomUUID() },
  });
  expect(given.status).toBe(201);
  for (const _ of [1, 2])
    expect((await s.call('POST', `/api/rest/participants/${m.paxId}/points/redeem`, { token: m.token, body: { amount: 100, type: 'CONSUMER' } })).status).toBe(
      201,
    );
  const held = await eventually(async () => {
    const r = await s.runtime.deps.pool.query<{ code: string; category: string }>(
      `SELECT code, COALESCE(category_code, display_category) AS category FROM rm_certificates WHERE pax_id = $1 ORDER BY issued_at`,
      [m.paxId],
    );
    expect(r.rows).toHaveLength(3);
    return r.rows;
  });
  return { ...m, welcome: held[0], rewards: held.slice(1) };
}

describe('the desk checks a ticket before recording it', () => {
  it('lists each certificate with whether it applies and why not, earns what the record then answers, and recording refuses what it said does not apply', async () => {
    const m = await memberWithThree();
    const category = m.rewards[0].category;
    await s.runtime.deps.pool.query('UPDATE certificate_categories SET quantity_in_one_treatment = 1 WHERE lower(code) = lower($1)', [category]);
    try {
      const [first, second] = m.rewards.map((r) => r.code);
      const r = await checkTicket(m.paxId, { lineItems: [{ productId: products.treatment.id, quantity: 10 }], redeemedCertificateCodes: [first] });
      expect(r.status).toBe(200);
      expect(r.body.expectedPoints).toBe(10 * products.treatment.pointsPerUnit);
      const byCode = Object.fromEntries((r.body.certificates as Verdict[]).map((c) => [c.code, c]));
      expect(byCode[m.welcome.code]).toMatchObject({ chosen: false, applies: true, reasons: [] });
      expect(byCode[first]).toMatchObject({ chosen: true, applies: true, reasons: [] });
      expect(byCode[second]).toMatchObject({
        chosen: false,
        applies: false,
        reasons: [expect.stringMatching(/more than one treatment may redeem \(at most 1\)/)],
      });

      // What the check said does not apply, recording refuses, naming the code's place; nothing is used.
      const refused = await s.call('POST', '/api/rest/practice/treatments', {
        headers: practice,
        body: treatmentBody(m.paxId, [lineItem(products.treatment.id, 10)], { redeemedCertificateCodes: [first, second] }),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.redeemedCertificateCodes.1']);

      const recorded = await s.call('POST', '/api/rest/practice/treatments', {
        headers: practice,
        body: treatmentBody(m.paxId, [lineItem(products.treatment.id, 10)], { redeemedCertificateCodes: [first] }),
      });
      expect(recorded.status).toBe(202);
      expect(recorded.body.expectedPoints).toBe(r.body.expectedPoints);
      await settled(s, recorded);
      // A second tab still holding the used code hears why it no longer applies.
      const stale = await checkTicket(m.paxId, { redeemedCertificateCodes: [first] });
      expect((stale.body.certificates as Verdict[]).find((c) => c.code === first)).toMatchObject({
        chosen: true,
        applies: false,
        status: 'USED',
        reasons: [`was already used on a treatment of ${daysAgo(2)}`],
      });
    } finally {
      await s.runtime.deps.pool.query('UPDATE certificate_categories SET quantity_in_one_treatment = NULL WHERE lower(code) = lower($1)', [category]);
    }
  });

  it('is one view in the access log however often the ticket is checked, refuses bad input by its field, finds no staff member, and is the desk’s alone', async () => {
    const m = await s.enroll();
    for (const quantity of [1, 2, 3]) expect((await checkTicket(m.paxId, { lineItems: [{ productId: products.treatment.id, quantity }] })).status).toBe(200);
    const views = await s.runtime.deps.pool.query(`SELECT 1 FROM member_access_log WHERE pax_id = $1 AND action = 'practice-certificates'`, [m.paxId]);
    expect(views.rowCount).toBe(1);

    const badUnits = await checkTicket(m.paxId, { lineItems: [{ productId: products.treatment.id, quantity: 0 }] });
    expect(badUnits.status).toBe(400);
    expect(badUnits.body.errors[0].path).toBe('body.lineItems.0.quantity');
    const unknown = await checkTicket(m.paxId, { lineItems: [{ productId: 999_999, quantity: 1 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe('body.lineItems.0.productId');
    expect((await checkTicket(admin.paxId, {})).status).toBe(404);
    // A member cannot use the desk's call.
    expect(
      (
        await s.call('POST', `/api/rest/practice/patients/${m.paxId}/checkout-check`, {
          token: m.token,
          body: { dateOfService: daysAgo(1), lineItems: [], redeemedCertificateCodes: [] },
        })
      ).status,
    ).toBe(403);
  });
});

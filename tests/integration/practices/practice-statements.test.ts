import { dateIn } from '../../../event-schemas/calendar';
import { settingsFromEnv } from '../../../server/config';
import { DEMO } from '../../../server/seed/demo';
import { eventually } from '../../support/event-store-contract';
import { startTestServer, type TestServer } from '../../support/test-server';
import { lineItem, seededProducts, treatmentBody, type SeededProducts } from '../treatments/treatment-helpers';

jest.setTimeout(120_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let products: SeededProducts;
let practiceId: number;
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false, settings: { ...settingsFromEnv(), welcomeCertificateCategory: 'WELCOME' } });
  admin = await s.login(DEMO.admin.email);
  products = await seededProducts(s, admin.token);
  const login = await s.call('POST', '/api/rest/authenticate/login', { body: { username: DEMO.practiceAdmin.email, password: DEMO.password } });
  practiceId = login.body.practice.practiceId;
});
afterAll(() => s.stop());

const practice = { 'x-api-key': DEMO.practiceKey };
const month = () => dateIn('America/Los_Angeles', new Date()).slice(0, 7);
type Statement = {
  treatmentsRecorded: number;
  treatmentsVoided: number;
  certificates: { category: string; count: number; value: number }[];
  reimbursementTotal: number;
  items: { treatmentId: string; certificateCode: string; value: number; voided: boolean }[];
};
const statement = async (position: string): Promise<Statement> => {
  const r = await s.call('GET', `/api/rest/practice/statements?month=${month()}`, { headers: { ...practice, 'x-wait-for-position': position } });
  expect(r.status).toBe(200);
  return r.body as Statement;
};

describe("a practice's monthly statement", () => {
  it('counts treatments and the certificates accepted at face value, nets a void as a negative line, and matches the admin view', async () => {
    const before = await statement('');
    const m = await s.enroll();
    const welcome = await eventually(async () => {
      const r = await s.call('GET', `/api/rest/participants/${m.paxId}/certificates`, { token: m.token });
      const c = (r.body.items as { code: string; amount: number }[]).find((i) => i.code);
      expect(c).toBeDefined();
      return c!;
    });
    const recorded = await s.call('POST', '/api/rest/practice/treatments', {
      headers: practice,
      body: treatmentBody(m.paxId, [lineItem(products.treatment.id, 2)], { redeemedCertificateCodes: [welcome.code] }),
    });
    expect(recorded.status).toBe(202);
    const after = await statement(recorded.body.position);
    expect(after.treatmentsRecorded).toBe(before.treatmentsRecorded + 1);
    expect(after.reimbursementTotal).toBeCloseTo(before.reimbursementTotal + welcome.amount, 2);
    expect(after.items).toContainEqual(
      expect.objectContaining({ treatmentId: recorded.body.treatmentId, certificateCode: welcome.code, value: welcome.amount, voided: false }),
    );

    const voided = await s.call('POST', `/api/rest/practice/treatments/${recorded.body.treatmentId}/void`, { headers: practice, body: { reason: 'Refunded' } });
    expect(voided.status).toBe(200);
    const net = await statement(voided.body.position);
    expect(net.treatmentsVoided).toBe(before.treatmentsVoided + 1);
    expect(net.reimbursementTotal).toBeCloseTo(before.reimbursementTotal, 2);
    expect(net.items).toContainEqual(expect.objectContaining({ certificateCode: welcome.code, value: -welcome.amount, voided: true }));
    const sum = net.certificates.reduce((n, c) => n + c.value, 0);
    expect(sum).toBeCloseTo(net.reimbursementTotal, 2);

    const asAdmin = await s.call('GET', `/api/rest/admin/practices/${practiceId}/statements?month=${month()}`, { token: admin.token });
    expect(asAdmin.body).toEqual({ ...net, practiceId, month: month() });
    expect((await s.call('GET', `/api/rest/admin/practices/999999/statements?month=${month()}`, { token: admin.token })).status).toBe(404);
    const bad = await s.call('GET', '/api/rest/practice/statements?month=2026-13', { headers: practice });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('query.month');
  });
});

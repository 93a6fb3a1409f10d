import type { Request, Response } from 'express';
import { addDays, dateIn } from '../../../event-schemas/calendar';
import { parsePosition } from '../../../event-schemas/store/position';
import type { Caller } from '../../../server/auth/caller';
import { allRoutes } from '../../../server/composition-root';
import { settingsFromEnv } from '../../../server/config';
import { decodeOrThrow } from '../../../server/core/decode';
import { DEMO } from '../../../server/seed/demo';
import { eventually } from '../../support/event-store-contract';
import { startTestServer, type TestServer } from '../../support/test-server';
import { lineItem, seededProducts, treatmentBody, type SeededProducts } from '../treatments/treatment-helpers';

jest.setTimeout(120_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let products: SeededProducts;
let practice: Caller;
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false, settings: { ...settingsFromEnv(), welcomeCertificateCategory: 'WELCOME' } });
  admin = await s.login(DEMO.admin.email);
  products = await seededProducts(s, admin.token);
  const key = await s.runtime.deps.pool.query<{ practice_id: string; api_key_id: string }>(
    'SELECT practice_id, api_key_id FROM practice_api_keys ORDER BY api_key_id LIMIT 1',
  );
  practice = { kind: 'practice', practiceId: Number(key.rows[0].practice_id), apiKeyId: Number(key.rows[0].api_key_id), staff: null };
});
afterAll(() => s.stop());

const tz = 'America/Los_Angeles';
const today = () => dateIn(tz, new Date());
/** A route's handler run with the programme's clock at `clock`, decoded as HTTP decodes it: a month that has ended, made now. */
const at = (clock: Date) => async (method: 'get' | 'post', path: string, input: { params?: object; body?: unknown }, caller: Caller) => {
  const r = allRoutes({ ...s.runtime.deps, now: () => clock }).find((x) => x.method === method && `${x.mount}${x.path}` === path)!;
  const reply = await r.handler({
    params: r.params ? decodeOrThrow(r.params, input.params ?? {}, 'path') : {},
    query: {},
    body: r.body ? decodeOrThrow(r.body, input.body ?? {}, 'body') : {},
    caller,
    req: { ip: '127.0.0.1', header: () => undefined, headers: {} } as unknown as Request,
    res: {} as Response,
  });
  if (reply === 'streamed') throw new Error('streamed');
  return reply;
};
const liability = async (asOf: string) =>
  (await s.call('GET', `/api/rest/admin/reports/liability?asOf=${asOf}`, { token: admin.token })).body.practiceCertificates as {
    accepted: number;
    reimbursed: number;
    owed: number;
  };

describe('paying a practice for a month that has ended', () => {
  it('lists every practice’s month, is paid once for its final total, and the liability counts what is owed as of each day', async () => {
    // Forty days ago a patient's certificate was accepted; the month it happened in has ended.
    const day = addDays(today(), -40);
    const month = day.slice(0, 7);
    const clock = new Date(`${day}T20:00:00Z`);
    const m = await s.enroll();
    const welcome = await eventually(async () => {
      const r = await s.call('GET', `/api/rest/participants/${m.paxId}/certificates`, { token: m.token });
      const c = (r.body.items as { code: string; amount: number }[]).find((i) => i.code);
      expect(c).toBeDefined();
      return c!;
    });
    const recorded = await at(clock)(
      'post',
      '/api/rest/practice/treatments',
      { body: treatmentBody(m.paxId, [lineItem(products.treatment.id, 2)], { dateOfService: day, redeemedCertificateCodes: [welcome.code] }) },
      practice,
    );
    expect(recorded.status).toBe(202);
    await s.runtime.deps.progress.waitFor(parsePosition((recorded.body as { position: string }).position)!, 15_000);

    const overview = await s.call('GET', `/api/rest/admin/practice-statements?month=${month}`, { token: admin.token });
    expect(overview.status).toBe(200);
    expect(overview.body).toMatchObject({ month, ended: true, reimbursementTotal: welcome.amount });
    expect(overview.body.items).toEqual([
      {
        practiceId: (practice as { practiceId: number }).practiceId,
        name: expect.any(String),
        treatmentsRecorded: 1,
        treatmentsVoided: 0,
        reimbursementTotal: welcome.amount,
        reimbursed: null,
      },
    ]);
    expect(await liability(addDays(day, -1))).toEqual({ accepted: 0, reimbursed: 0, owed: 0 });
    expect(await liability(day)).toEqual({ accepted: welcome.amount, reimbursed: 0, owed: welcome.amount });

    const pay = (m2: string, reference = 'Transfer 0042') =>
      s.call('POST', `/api/rest/admin/practices/${(practice as { practiceId: number }).practiceId}/statements/${m2}/reimbursement`, {
        token: admin.token,
        body: { reference },
      });
    expect((await pay(today().slice(0, 7))).status).toBe(409);
    expect((await pay(month, '')).status).toBe(400);
    const paid = await pay(month);
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ amount: welcome.amount, reference: 'Transfer 0042' });
    expect((await pay(month)).status).toBe(409);
    expect(
      (await s.call('POST', `/api/rest/admin/practices/999999/statements/${month}/reimbursement`, { token: admin.token, body: { reference: 'x' } })).status,
    ).toBe(404);
    // Paid today: owed until yesterday, settled as of today; the practice's own statement says so.
    expect(await liability(addDays(today(), -1))).toEqual({ accepted: welcome.amount, reimbursed: 0, owed: welcome.amount });
    expect(await liability(today())).toEqual({ accepted: welcome.amount, reimbursed: welcome.amount, owed: 0 });
    const own = await s.call('GET', `/api/rest/practice/statements?month=${month}`, { headers: { 'x-api-key': DEMO.practiceKey } });
    expect(own.body.reimbursed).toMatchObject({ amount: welcome.amount, reference: 'Transfer 0042' });

    // Each line opens to its treatment: for the practice its own, for an admin any; a member may not.
    const treatmentId = (recorded.body as { treatmentId: string }).treatmentId;
    const opened = await s.call('GET', `/api/rest/practice/treatments/${treatmentId}`, { headers: { 'x-api-key': DEMO.practiceKey } });
    expect(opened.body).toMatchObject({ treatmentId, dateOfService: day, redeemedCertificateCodes: [welcome.code] });
    expect((await s.call('GET', `/api/rest/admin/treatments/${treatmentId}`, { token: admin.token })).status).toBe(200);
    expect((await s.call('GET', `/api/rest/admin/treatments/${treatmentId}`, { token: m.token })).status).toBe(403);
    expect(
      (await s.call('GET', '/api/rest/practice/treatments/00000000-0000-4000-8000-000000000001', { headers: { 'x-api-key': DEMO.practiceKey } })).status,
    ).toBe(404);
    // Members and practices do not see the programme's overview.
    expect((await s.call('GET', `/api/rest/admin/practice-statements?month=${month}`, { headers: { 'x-api-key': DEMO.practiceKey } })).status).toBe(403);
  });
});

import { memberStream } from '../../../event-schemas';
import { dateIn } from '../../../event-schemas/calendar';
import { loadStream } from '../../../server/core/command-handler';
import { addDays } from '../../../server/points/dates';
import { evolveMember, initialMemberState } from '../../../server/points/member-state';
import { startTestServer, type TestServer } from '../../support/test-server';
import { award, impersonate, maxPosition, readAfter, redeem } from './ledger-helpers';

// Starting a server (migrations, password hashing) can take a while when the machine is busy.
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@example.com');
});
afterAll(() => s.stop());

describe('POST /participants/{paxId}/points/redeem', () => {
  it('issues an ACTIVE reward certificate worth points / 10 that expires in 60 days, and lowers the balance', async () => {
    const m = await s.enroll();
    await award(s, admin.token, m.paxId, 450);
    const r = await redeem(s, m.token, m.paxId, 300);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ certificate: { amount: 30, name: '$30 Reward Certificate', status: 'ACTIVE' }, balance: 150 });
    expect(r.body.certificate.code).toMatch(/^[2-9A-HJKMNP-TW-Z]{4}-[2-9A-HJKMNP-TW-Z]{4}-[2-9A-HJKMNP-TW-Z]{2}$/);
    expect(r.body.certificate.expirationDate).toBe(addDays(dateIn('America/Los_Angeles', new Date()), 60));
    const points = await readAfter(s, `/api/rest/participants/${m.paxId}/points`, m.token, r.body.position);
    expect(points.body.balance).toBe(150);
    const certs = await readAfter(s, '/api/rest/participants/~/certificates', m.token, r.body.position);
    expect(certs.body.items).toEqual([
      expect.objectContaining({
        id: r.body.certificate.id,
        code: r.body.certificate.code,
        status: 'ACTIVE',
        displayStatus: 'ACTIVE',
        amount: 30,
        purchasePrice: 300,
        certificateCategoryType: null,
      }),
    ]);
  });

  it('lets an admin impersonating the member redeem, recorded as admin-as-participant', async () => {
    const m = await s.enroll();
    await award(s, admin.token, m.paxId, 100);
    const token = await impersonate(s, admin.token, m.paxId);
    const r = await redeem(s, token, m.paxId, 100);
    expect(r.status).toBe(201);
    const audit = await s.call('GET', `/api/rest/admin/audit/certificates/${r.body.certificate.id}`, { token: admin.token });
    expect(audit.body.map((e: { actor: unknown }) => e.actor)).toEqual([
      { kind: 'admin-as-participant', adminId: admin.paxId, paxId: m.paxId },
      { kind: 'admin-as-participant', adminId: admin.paxId, paxId: m.paxId },
    ]);
  });

  it.each([
    [{ amount: 150, type: 'CONSUMER' }, 'body.amount', 'must be 100 to 1000 in steps of 100'],
    [{ amount: 1100, type: 'CONSUMER' }, 'body.amount', 'must be 100 to 1000 in steps of 100'],
    [{ amount: '100', type: 'CONSUMER' }, 'body.amount', 'must be 100 to 1000 in steps of 100'],
    [{ amount: 100, type: 'GIFT' }, 'body.type', 'must be CONSUMER'],
    [{ type: 'CONSUMER' }, 'body.amount', 'is required'],
  ])('answers 400 for %j naming %s', async (body, path, message) => {
    const m = await s.enroll();
    const r = await s.call('POST', `/api/rest/participants/${m.paxId}/points/redeem`, { token: m.token, body });
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(r.body.errors).toContainEqual({ path, message });
  });

  it('answers 409 insufficient-points when the balance is too low, and spends nothing', async () => {
    const m = await s.enroll();
    const p = await award(s, admin.token, m.paxId, 250);
    const r = await redeem(s, m.token, m.paxId, 300);
    expect(r.status).toBe(409);
    expect(r.body.type).toMatch(/\/insufficient-points$/);
    expect((await readAfter(s, `/api/rest/participants/${m.paxId}/points`, m.token, p)).body.balance).toBe(250);
  });

  it('answers 403 for member B on member A, and for an admin not impersonating; 401 anonymous', async () => {
    const a = await s.enroll();
    const b = await s.enroll();
    await award(s, admin.token, a.paxId, 500);
    expect((await redeem(s, b.token, a.paxId, 100)).status).toBe(403);
    expect((await redeem(s, admin.token, a.paxId, 100)).status).toBe(403);
    expect((await s.call('POST', `/api/rest/participants/${a.paxId}/points/redeem`, { body: { amount: 100, type: 'CONSUMER' } })).status).toBe(401);
  });

  it('20 parallel redemptions of 100 on a balance of 1,000 give exactly 10 certificates and a balance of 0', async () => {
    const m = await s.enroll();
    await award(s, admin.token, m.paxId, 1000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(s, m.token, m.paxId, 100)));
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const r of refused) expect(r.body.type).toMatch(/\/insufficient-points$/);
    expect(new Set(created.map((c) => c.body.certificate.id)).size).toBe(10);
    expect(created.map((c) => c.body.balance).sort((x, y) => x - y)).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);

    const written = await loadStream(s.runtime.deps.store, { evolve: evolveMember, initialState: initialMemberState }, memberStream(m.paxId));
    expect(written.state.balance).toBe(0);
    expect(written.history.filter((h) => h.event.type === 'PointsRedeemed')).toHaveLength(10);

    const last = maxPosition(created.map((c) => c.body.position));
    expect((await readAfter(s, `/api/rest/participants/${m.paxId}/points`, m.token, last)).body.balance).toBe(0);
    const certs = await readAfter(s, `/api/rest/participants/${m.paxId}/certificates`, m.token, last);
    expect(certs.body.totalElements).toBe(10);
    const lots = await s.runtime.deps.pool.query('SELECT remaining FROM rm_point_lots WHERE pax_id = $1', [m.paxId]);
    expect(lots.rows.map((l) => Number(l.remaining))).toEqual([0]);
  });
});

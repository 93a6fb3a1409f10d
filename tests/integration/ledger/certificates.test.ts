import { certificatesProjection } from '../../../projections/certificates/certificates.projection';
import { CERTIFICATE_COLUMNS } from '../../../projections/certificates/certificates-query';
import { resetProjection } from '../../../projections/runner';
import { settle } from '../../support/settle';
import { startTestServer, type TestServer } from '../../support/test-server';
import { award, impersonate, readAfter, redeem } from './ledger-helpers';

// Starting a server (migrations, password hashing) can take a while when the machine is busy.
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let a: { token: string; paxId: number };
let lastPosition = '';
const ids: string[] = [];
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@example.com');
  a = await s.enroll();
  await award(s, admin.token, a.paxId, 3000);
  for (const amount of [100, 300, 200]) {
    const r = await redeem(s, a.token, a.paxId, amount);
    lastPosition = r.body.position;
    ids.push(r.body.certificate.id);
  }
});
afterAll(() => s.stop());

const list = (query: string, token = a.token, who: string | number = '~') =>
  readAfter(s, `/api/rest/participants/${who}/certificates${query}`, token, lastPosition);

describe('GET /participants/{paxId}/certificates', () => {
  it('lists the caller’s certificates for `~` with the spec defaults (page 0, size 100)', async () => {
    const r = await list('');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ page: 0, size: 100, totalElements: 3 });
    expect(r.body.items[0]).toEqual({
      id: expect.any(String),
      status: 'ACTIVE',
      displayStatus: 'ACTIVE',
      expirationDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      certificateCategoryType: null,
      summaryDisplay: expect.stringMatching(/^\$\d+ Reward Certificate, expires \d{2}\/\d{2}\/\d{4}$/),
      amount: expect.any(Number),
      name: expect.any(String),
      code: expect.any(String),
      purchasePrice: expect.any(Number),
      displayCategory: 'reward',
      // Rewards wear the reward art: no design of their own.
      cardArtId: null,
      // Their category shows no activation day (showActivationDate is off): nothing to show.
      activationDate: null,
      // No treatment has used it.
      usedOn: null,
    });
  });

  it('sorts by amount either way and pages without overlap', async () => {
    expect((await list('?sort=amount%20desc')).body.items.map((i: { amount: number }) => i.amount)).toEqual([30, 20, 10]);
    expect((await list('?sort=amount,asc')).body.items.map((i: { amount: number }) => i.amount)).toEqual([10, 20, 30]);
    const first = await list('?sort=expirationDate+desc&size=2&page=0');
    const second = await list('?sort=expirationDate+desc&size=2&page=1');
    expect(first.body.items).toHaveLength(2);
    expect(second.body).toMatchObject({ page: 1, size: 2, totalElements: 3 });
    expect(new Set([...first.body.items, ...second.body.items].map((i: { id: string }) => i.id))).toEqual(new Set(ids));
  });

  it('filters by displayCategory', async () => {
    expect((await list('?displayCategory=offer')).body).toMatchObject({ items: [], totalElements: 0 });
    expect((await list('?displayCategory=reward')).body.totalElements).toBe(3);
  });

  it('answers 400 for a bad sort, size or page', async () => {
    for (const q of ['?sort=code%20desc', '?size=101', '?size=0', '?page=-1']) {
      const r = await list(q);
      expect(r.status).toBe(400);
      expect(r.body.errors[0].path).toMatch(/^query\./);
    }
  });

  it('lets an admin read any member; member B on A is 403; anonymous is 401', async () => {
    expect((await list('', admin.token, a.paxId)).body.totalElements).toBe(3);
    const b = await s.enroll();
    expect((await list('', b.token, a.paxId)).status).toBe(403);
    expect((await list('', b.token)).body.totalElements).toBe(0);
    expect((await s.call('GET', `/api/rest/participants/${a.paxId}/certificates`)).status).toBe(401);
  });
});

describe('PUT /certificates/{id}', () => {
  const put = (id: string, token: string, body: unknown) => s.call('PUT', `/api/rest/certificates/${id}`, { token, body });

  it('lets an admin impersonating the owner void a certificate and move its date; audited naming both', async () => {
    const token = await impersonate(s, admin.token, a.paxId);
    const r = await put(ids[0], token, { status: 'VOID', expirationDate: '2030-01-31' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: ids[0], status: 'VOID', displayStatus: 'VOID', expirationDate: '2030-01-31' });
    const listed = await readAfter(s, `/api/rest/participants/${a.paxId}/certificates?sort=amount`, a.token, r.body.position);
    expect(listed.body.items[0]).toMatchObject({ id: ids[0], status: 'VOID', expirationDate: '2030-01-31' });

    const audit = await s.call('GET', `/api/rest/admin/audit/certificates/${ids[0]}`, { token: admin.token });
    expect(audit.status).toBe(200);
    expect(audit.body.map((e: { type: string }) => e.type)).toEqual(['PointsRedeemed', 'CertificateIssued', 'CertificateStatusChanged']);
    expect(audit.body[2]).toMatchObject({
      actor: { kind: 'admin-as-participant', adminId: admin.paxId, paxId: a.paxId },
      data: { from: 'ACTIVE', to: 'VOID', changedBy: admin.paxId, paxId: a.paxId, expirationDate: '2030-01-31' },
    });
    const times = audit.body.map((e: { position: string }) => e.position);
    expect([...times].sort()).toEqual(times);

    expect((await put(ids[0], token, { status: 'ACTIVE', expirationDate: null })).status).toBe(409);
  });

  it('keeps the date when expirationDate is null, and refuses REFUND on a reward (400)', async () => {
    const token = await impersonate(s, admin.token, a.paxId);
    const r = await put(ids[1], token, { status: 'EXPIRED', expirationDate: null });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('EXPIRED');
    const back = await put(ids[1], token, { status: 'ACTIVE', expirationDate: '2031-06-30' });
    expect(back.body).toMatchObject({ status: 'ACTIVE', expirationDate: '2031-06-30' });
    const refund = await put(ids[1], token, { status: 'REFUND', expirationDate: null });
    expect(refund.status).toBe(400);
    expect(refund.body.errors).toEqual([{ path: 'body.status', message: 'REFUND and CHARGEBACK apply only to purchased certificates' }]);
  });

  it('is 403 for a plain admin, for the member, and for an admin impersonating someone else', async () => {
    const other = await s.enroll();
    const asOther = await impersonate(s, admin.token, other.paxId);
    for (const token of [admin.token, a.token, asOther]) expect((await put(ids[2], token, { status: 'VOID', expirationDate: null })).status).toBe(403);
    expect((await s.call('PUT', `/api/rest/certificates/${ids[2]}`, { body: { status: 'VOID' } })).status).toBe(401);
  });

  it('is 404 for an unknown certificate and 400 for a bad status or date', async () => {
    const token = await impersonate(s, admin.token, a.paxId);
    expect((await put('6c0b1c9e-2d1f-4a5b-8c7d-9e0f1a2b3c4d', token, { status: 'VOID', expirationDate: null })).status).toBe(404);
    const bad = await put(ids[2], token, { status: 'LOST', expirationDate: '05/14/2026' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['body.expirationDate', 'body.status']);
  });
});

describe('GET /admin/audit/certificates/{id}', () => {
  it('is for admins only, and 404 for an unknown certificate', async () => {
    expect((await s.call('GET', `/api/rest/admin/audit/certificates/${ids[2]}`, { token: a.token })).status).toBe(403);
    expect((await s.call('GET', `/api/rest/admin/audit/certificates/${ids[2]}`)).status).toBe(401);
    expect((await s.call('GET', '/api/rest/admin/audit/certificates/6c0b1c9e-2d1f-4a5b-8c7d-9e0f1a2b3c4d', { token: admin.token })).status).toBe(404);
  });
});

describe('certificates projection', () => {
  it('rebuilt from position 0 equals the live-maintained read model', async () => {
    const { pool, store } = s.runtime.deps;
    const snapshot = async () => (await pool.query(`SELECT ${CERTIFICATE_COLUMNS} FROM rm_certificates ORDER BY certificate_id`)).rows;
    await settle(pool, store, certificatesProjection); // the live model, up to date with every write above
    const live = await snapshot();
    expect(live.length).toBeGreaterThanOrEqual(3);
    await resetProjection(pool, certificatesProjection);
    await settle(pool, store, certificatesProjection);
    expect(await snapshot()).toEqual(live);
  });
});

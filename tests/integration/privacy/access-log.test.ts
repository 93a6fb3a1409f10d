import { dateIn } from '../../../event-schemas/calendar';
import { recordingAccess } from '../../../server/privacy/access-log';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.email);
});
afterAll(() => s.stop());

const accessLog = (paxId: number, query = '', token = admin.token) => s.call('GET', `/api/rest/admin/participants/${paxId}/access-log${query}`, { token });
const actionsOf = async (paxId: number): Promise<string[]> => {
  const r = await accessLog(paxId, '?size=500');
  expect(r.status).toBe(200);
  return (r.body as { action: string }[]).map((e) => e.action);
};
const rowsOf = async (paxId: number) =>
  Number((await s.runtime.deps.pool.query<{ n: string }>('SELECT count(*) AS n FROM member_access_log WHERE pax_id = $1', [paxId])).rows[0]!.n);

describe('when staff read a member’s data', () => {
  it('each read is recorded with who, what and when, and GET access-log answers them newest first', async () => {
    const m = await s.enroll({ firstName: 'Avery', lastName: 'Stone', phone: '714-555-0142' });
    const before = Date.now();
    const today = dateIn(s.runtime.deps.settings.timeZone, new Date());
    const reads: [string, string][] = [
      [`/api/rest/participants/${m.paxId}`, 'participant-record'],
      [`/api/rest/participants/${m.paxId}/emails`, 'emails'],
      [`/api/rest/participants/${m.paxId}/phones`, 'phones'],
      [`/api/rest/participants/${m.paxId}/points`, 'points'],
      [`/api/rest/admin/participants/${m.paxId}/timeline`, 'support-timeline'],
      [`/api/rest/admin/participants/${m.paxId}/timeline?asOf=${today}`, 'support-replay'],
      [`/api/rest/patients/${m.paxId}/activity-headers`, 'activity'],
      [`/api/rest/participants/${m.paxId}/contacts/history`, 'contact-history'],
      [`/api/rest/participants/${m.paxId}/certificates`, 'certificates'],
      [`/api/rest/participants/${m.paxId}/referrals`, 'referrals'],
      [`/api/rest/participants/${m.paxId}/tests`, 'surveys'],
      [`/api/rest/participants/${m.paxId}/gifts-sent`, 'gifts-sent'],
      [`/api/rest/participants/${m.paxId}/bonus-points`, 'bonus-points'],
      [`/api/rest/participants/${m.paxId}/message-preferences`, 'message-preferences'],
      [`/api/rest/participants/${m.paxId}/emails/pending`, 'pending-emails'],
    ];
    for (const [path] of reads) expect([path, (await s.call('GET', path, { token: admin.token })).status]).toEqual([path, 200]);
    const started = await s.call('POST', '/api/rest/authenticate/impersonate', { token: admin.token, body: { paxId: m.paxId } });
    expect(started.status).toBe(200);

    const log = await accessLog(m.paxId);
    expect(log.status).toBe(200);
    expect(log.headers.get('x-total-count')).toBe(String(reads.length + 1));
    expect(log.body.map((e: { action: string }) => e.action)).toEqual(['impersonation-start', ...reads.map(([, action]) => action).reverse()]);
    for (const entry of log.body as { actor: unknown; occurredAt: string }[]) {
      expect(entry.actor).toEqual({ kind: 'admin', adminId: admin.paxId, name: `${DEMO.admin.firstName} ${DEMO.admin.lastName}` });
      expect(Date.parse(entry.occurredAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(entry.occurredAt)).toBeLessThanOrEqual(Date.now() + 1000);
    }

    // Reading as the member, through the impersonation session, is recorded as the admin acting as them.
    const as = started.body.authToken as string;
    expect((await s.call('GET', `/api/rest/participants/${m.paxId}/points`, { token: as })).status).toBe(200);
    expect((await accessLog(m.paxId, '?size=1')).body).toEqual([
      {
        actor: { kind: 'admin-as-participant', adminId: admin.paxId, paxId: m.paxId, name: `${DEMO.admin.firstName} ${DEMO.admin.lastName}` },
        action: 'points',
        occurredAt: expect.any(String),
      },
    ]);
  });

  it('a member reading their own data records nothing, and neither does a refused or unknown read', async () => {
    const m = await s.enroll();
    const other = await s.enroll();
    for (const path of [`/api/rest/participants/${m.paxId}`, `/api/rest/participants/${m.paxId}/emails`, `/api/rest/participants/${m.paxId}/points`]) {
      expect((await s.call('GET', path, { token: m.token })).status).toBe(200);
    }
    expect((await s.call('GET', `/api/rest/participants/${other.paxId}`, { token: m.token })).status).toBe(403);
    expect((await s.call('GET', `/api/rest/participants/987654321`, { token: admin.token })).status).toBe(404);
    expect((await s.call('GET', `/api/rest/admin/participants/987654321/timeline`, { token: admin.token })).status).toBe(404);
    expect(await rowsOf(m.paxId)).toBe(0);
    expect(await rowsOf(other.paxId)).toBe(0);
    expect(await rowsOf(987654321)).toBe(0);
    expect(await actionsOf(m.paxId)).toEqual([]);
  });

  it('concurrent reads are each recorded exactly once', async () => {
    const m = await s.enroll();
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        s.call('GET', i % 2 ? `/api/rest/participants/${m.paxId}` : `/api/rest/admin/participants/${m.paxId}/timeline`, { token: admin.token }),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const actions = await actionsOf(m.paxId);
    expect(actions.filter((a) => a === 'participant-record')).toHaveLength(12);
    expect(actions.filter((a) => a === 'support-timeline')).toHaveLength(12);
  });

  it('no read answers without its record: when the record cannot be written, the staff read fails and the member’s own read still works', async () => {
    const m = await s.enroll();
    const pool = s.runtime.deps.pool;
    await pool.query('ALTER TABLE member_access_log RENAME TO member_access_log_away');
    try {
      for (const path of [
        `/api/rest/participants/${m.paxId}`,
        `/api/rest/participants/${m.paxId}/emails`,
        `/api/rest/admin/participants/${m.paxId}/timeline`,
      ]) {
        const r = await s.call('GET', path, { token: admin.token });
        expect([path, r.status]).toEqual([path, 500]);
        expect(JSON.stringify(r.body)).not.toContain(m.email);
      }
      expect((await s.call('GET', `/api/rest/participants/${m.paxId}`, { token: m.token })).status).toBe(200);
    } finally {
      await pool.query('ALTER TABLE member_access_log_away RENAME TO member_access_log');
    }
  });
});

describe('a read with its own WITH list', () => {
  it('runs with the record joined to it, in one statement', async () => {
    const m = await s.enroll();
    const caller = {
      kind: 'participant' as const,
      paxId: admin.paxId,
      firstName: 'A',
      lastName: 'B',
      isAdmin: true,
      impersonatorId: null,
      tokenHash: Buffer.alloc(0),
    };
    const read = recordingAccess(
      { text: 'WITH mine AS (SELECT first_name FROM participants WHERE pax_id = $1) SELECT first_name FROM mine', values: [m.paxId] },
      { caller, paxId: m.paxId, action: 'participant-record', at: new Date() },
    );
    expect((await s.runtime.deps.pool.query(read.text, read.values)).rows).toEqual([{ first_name: 'Test' }]);
    expect(await actionsOf(m.paxId)).toEqual(['participant-record']);
  });
});

describe('when staff read a certificate’s history', () => {
  it('the read is recorded in its owner’s access log', async () => {
    const m = await s.enroll();
    const award = await s.call('POST', `/api/rest/admin/participants/${m.paxId}/points`, {
      token: admin.token,
      body: { amount: 100, description: 'For a certificate', idempotencyKey: `access-log-${m.paxId}` },
    });
    expect(award.status).toBe(201);
    const redeemed = await s.call('POST', `/api/rest/participants/${m.paxId}/points/redeem`, { token: m.token, body: { amount: 100, type: 'CONSUMER' } });
    expect(redeemed.status).toBe(201);
    expect(await actionsOf(m.paxId)).toEqual([]);
    const history = await s.call('GET', `/api/rest/admin/audit/certificates/${redeemed.body.certificate.id}`, { token: admin.token });
    expect(history.status).toBe(200);
    expect(await actionsOf(m.paxId)).toEqual(['certificate-history']);
  });
});

describe('GET /admin/participants/{paxId}/access-log', () => {
  it('is for admins: 401 anonymous, 403 a member (even about themselves), 404 unknown, 400 a bad size', async () => {
    const m = await s.enroll();
    expect((await s.call('GET', `/api/rest/admin/participants/${m.paxId}/access-log`)).status).toBe(401);
    expect((await accessLog(m.paxId, '', m.token)).status).toBe(403);
    expect((await accessLog(987654321)).status).toBe(404);
    const bad = await accessLog(m.paxId, '?size=0');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('query.size');
  });

  it('pages as the other admin lists do: page and size, the whole count in X-Total-Count, the next page in Link', async () => {
    const m = await s.enroll();
    for (let i = 0; i < 5; i++) await s.call('GET', `/api/rest/participants/${m.paxId}`, { token: admin.token });
    await s.call('GET', `/api/rest/participants/${m.paxId}/emails`, { token: admin.token });
    const first = await accessLog(m.paxId, '?page=0&size=4');
    expect(first.body.map((e: { action: string }) => e.action)).toEqual(['emails', 'participant-record', 'participant-record', 'participant-record']);
    expect(first.headers.get('x-total-count')).toBe('6');
    expect(first.headers.get('link')).toBe(`</api/rest/admin/participants/${m.paxId}/access-log?page=1&size=4>; rel="next"`);
    const second = await accessLog(m.paxId, '?page=1&size=4');
    expect(second.body).toHaveLength(2);
    expect(second.headers.get('link')).toBeNull();
    // Reading the access log is not itself recorded.
    expect(await rowsOf(m.paxId)).toBe(6);
  });
});

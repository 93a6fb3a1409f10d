import { dateIn } from '../../../event-schemas/calendar';
import { startTestServer, type TestServer } from '../../support/test-server';
import { award, impersonate, redeem } from '../ledger/ledger-helpers';

/**
 * Issue 28, item 5: an impersonating admin's certificate edits live in the certificate's stream, and the member's
 * support history (GET /admin/participants/{paxId}/timeline) left them out. Now each one is there, naming both
 * people, the certificate it changed, and with no entry for a save that changed nothing.
 */
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let member: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = await s.login('admin@example.com');
  member = await s.enroll({ firstName: 'Pat', lastName: 'Historymember' });
});
afterAll(() => s.stop());

const shift = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe("the member's support history", () => {
  it("lists an impersonated certificate edit with both people's names and the certificate, once", async () => {
    await award(s, admin.token, member.paxId, 100);
    const redeemed = await redeem(s, member.token, member.paxId, 100);
    expect(redeemed.status).toBe(201);
    const certificate = redeemed.body.certificate as { id: string; code: string };
    const token = await impersonate(s, admin.token, member.paxId);
    const later = shift(dateIn(s.runtime.deps.settings.timeZone, new Date()), 30);
    const put = () => s.call('PUT', `/api/rest/certificates/${certificate.id}`, { token, body: { status: 'EXPIRED', expirationDate: later } });
    expect((await put()).status).toBe(200);
    // The same save again changes nothing, so it adds no entry.
    expect((await put()).status).toBe(200);

    const adminRow = await s.runtime.deps.pool.query<{ first_name: string; last_name: string }>(
      'SELECT first_name, last_name FROM participants WHERE pax_id = $1',
      [admin.paxId],
    );
    const adminName = `${adminRow.rows[0].first_name} ${adminRow.rows[0].last_name}`;
    const timeline = await s.call('GET', `/api/rest/admin/participants/${member.paxId}/timeline`, { token: admin.token });
    expect(timeline.status).toBe(200);
    const changes = (timeline.body.events as { type: string }[]).filter((e) => e.type === 'CertificateStatusChanged');
    expect(changes).toEqual([
      expect.objectContaining({
        actor: { kind: 'admin-as-participant', adminId: admin.paxId, paxId: member.paxId },
        actorNames: { admin: adminName, member: 'Pat Historymember' },
        certificate: { code: certificate.code, name: expect.any(String) },
        data: expect.objectContaining({ from: 'ACTIVE', to: 'EXPIRED', expirationDate: later }),
        balanceAfter: 0,
      }),
    ]);
    // In log order: after the redemption that bought it.
    const types = (timeline.body.events as { type: string }[]).map((e) => e.type);
    expect(types.indexOf('CertificateStatusChanged')).toBeGreaterThan(types.indexOf('PointsRedeemed'));
    // The admin's own award names the admin by name too.
    const awarded = (timeline.body.events as { type: string; actorNames: unknown }[]).find((e) => e.type === 'PointsAwarded');
    expect(awarded?.actorNames).toEqual({ admin: adminName, member: null });
  });
});

import { randomUUID } from 'node:crypto';
import { TERMS_VERSION } from '../../../event-schemas/contract/enrollment-consent';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { lineItem, postTreatment, seededProducts, settled, treatmentBody } from '../treatments/treatment-helpers';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.email);
});
afterAll(() => s.stop());

const exportOf = (paxId: number, token?: string) => s.call('GET', `/api/rest/participants/${paxId}/export`, { token });

describe('GET /participants/{paxId}/export', () => {
  it('answers the member everything held about them: profile, contacts, ledger with causes, treatments, sessions and who looked', async () => {
    const m = await s.enroll({ firstName: 'Harper', lastName: 'Exported', phone: '714-555-0123', dateOfBirth: '1985-06-15' });
    const award = await s.call('POST', `/api/rest/admin/participants/${m.paxId}/points`, {
      token: admin.token,
      body: { amount: 75, description: 'Goodwill after a late appointment', idempotencyKey: randomUUID() },
    });
    expect(award.status).toBe(201);
    const products = await seededProducts(s, admin.token);
    const treatment = await postTreatment(s, treatmentBody(m.paxId, [lineItem(products.treatment.id, 3)], { hcpName: 'Dr. Rivera' }));
    expect(treatment.status).toBe(202);
    await settled(s, treatment);
    const financed = await postTreatment(s, treatmentBody(m.paxId, [lineItem(products.treatment.id, 1)], { financed: true }));
    expect(financed.status).toBe(202);
    await settled(s, financed);
    expect((await s.call('GET', `/api/rest/participants/${m.paxId}`, { token: admin.token })).status).toBe(200);

    const r = await exportOf(m.paxId, m.token);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="rewards-data-${m.paxId}.json"`);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const doc = r.body;
    expect(doc.paxId).toBe(m.paxId);
    expect(doc.profile).toMatchObject({
      paxId: m.paxId,
      firstName: 'Harper',
      lastName: 'Exported',
      signInEmail: m.email,
      postalCode: '92612',
      dateOfBirth: '1985-06-15',
    });
    expect(doc.contacts.emails).toEqual([{ emailAddress: m.email, preferred: true }]);
    expect(doc.contacts.phones).toEqual([{ phone: '7145550123', preferred: true }]);
    const awarded = doc.ledger.entries.find(
      (e: { type: string; data: { description?: string } }) => e.type === 'PointsAwarded' && e.data.description === 'Goodwill after a late appointment',
    );
    expect(awarded).toMatchObject({ data: { amount: 75 }, actor: { kind: 'admin', adminId: admin.paxId }, balanceAfter: expect.any(Number) });
    expect(doc.treatments).toHaveLength(2);
    const histories = doc.treatments.map((t: { history: { type: string; data: Record<string, unknown> }[] }) => t.history);
    expect(histories.flat().find((e: { data: { hcpName?: string } }) => e.data.hcpName === 'Dr. Rivera')).toMatchObject({
      type: 'TreatmentRecorded',
      data: { paxId: m.paxId },
    });
    // The financed one's approval request is there, without the hash of its link's token.
    const approval = histories.flat().find((e: { type: string }) => e.type === 'TreatmentApprovalRequested');
    expect(approval.data).toEqual({ treatmentId: expect.any(String), paxId: m.paxId, channels: ['email', 'sms'], expiresAt: expect.any(String) });
    expect(doc.sessions.length).toBeGreaterThanOrEqual(1);
    expect(doc.accessLog).toEqual([
      {
        actor: { kind: 'admin', adminId: admin.paxId, name: `${DEMO.admin.firstName} ${DEMO.admin.lastName}` },
        action: 'participant-record',
        occurredAt: expect.any(String),
      },
    ]);
    for (const section of ['certificates', 'giftsSent', 'surveys', 'referrals', 'messagePreferences']) expect(doc).toHaveProperty(section);
    // What they agreed to on joining (issue 54, item 10).
    expect(doc.termsAccepted).toEqual([{ termsVersion: TERMS_VERSION, acceptedAt: expect.any(String) }]);
    // Secrets are not personal data to hand out: no password hash, no token hashes.
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/password|token_?hash|\$argon|scrypt/i);
    // The member's own export is not a staff read.
    expect((await exportOf(m.paxId, m.token)).body.accessLog).toHaveLength(1);
  });

  it("an admin's export is recorded in the member's access log, and lists itself", async () => {
    const m = await s.enroll();
    const r = await exportOf(m.paxId, admin.token);
    expect(r.status).toBe(200);
    expect(r.body.accessLog.map((e: { action: string }) => e.action)).toEqual(['export']);
    const log = await s.call('GET', `/api/rest/admin/participants/${m.paxId}/access-log`, { token: admin.token });
    expect(log.body.map((e: { action: string }) => e.action)).toEqual(['export']);
  });

  it('refuses another member (403, nothing recorded), anonymous callers (401), and an unknown member (404)', async () => {
    const [m, other] = await Promise.all([s.enroll(), s.enroll()]);
    const refused = await exportOf(m.paxId, other.token);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(JSON.stringify(refused.body)).not.toContain(m.email);
    expect((await exportOf(m.paxId)).status).toBe(401);
    expect((await exportOf(987654321, admin.token)).status).toBe(404);
    expect((await s.call('GET', `/api/rest/admin/participants/${m.paxId}/access-log`, { token: admin.token })).body).toEqual([]);
  });
});

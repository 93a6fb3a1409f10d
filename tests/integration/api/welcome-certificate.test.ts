import { settingsFromEnv } from '../../../server/config';
import { ensureWelcomeCertificate, welcomeCertificateId } from '../../../server/certificates/welcome-certificate';
import { certificateStream } from '../../../event-schemas';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(60_000);
let s: TestServer;
beforeAll(async () => {
  // The demo's WELCOME category (seeded with the demo) is the one new members get, as with `npm start`.
  s = await startTestServer({ settings: { ...settingsFromEnv(), welcomeCertificateCategory: 'WELCOME' } });
});
afterAll(() => s.stop());

/** A member whose welcome certificate is promised but missing: issuing failed after the enrollment committed. */
async function strandedMember() {
  const pool = s.runtime.deps.pool;
  // The category is briefly missing, so issuing fails after the member is enrolled (as a crash there would leave it).
  await pool.query("UPDATE certificate_categories SET code = 'WELCOME_AWAY' WHERE code = 'WELCOME'");
  try {
    return await s.enroll();
  } finally {
    await pool.query("UPDATE certificate_categories SET code = 'WELCOME' WHERE code = 'WELCOME_AWAY'");
  }
}

const certificatesOf = async (token: string) =>
  (await s.call('GET', '/api/rest/participants/~/certificates', { token })).body.items as {
    name: string;
    amount: number;
    status: string;
    displayCategory: string;
  }[];

describe('the welcome certificate the Join Now page promises', () => {
  it('is in a new member’s wallet and activity right after enrolling: $20, ACTIVE', async () => {
    const m = await s.enroll();
    const stream = await s.runtime.deps.store.readStream(certificateStream(welcomeCertificateId(m.paxId)));
    expect(stream.map((e) => e.type)).toEqual(['CertificateIssued']);
    const until = Date.now() + 10_000;
    let wallet = await certificatesOf(m.token);
    while (wallet.length === 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      wallet = await certificatesOf(m.token);
    }
    expect(wallet).toEqual([expect.objectContaining({ name: 'Welcome Certificate', amount: 20, status: 'ACTIVE', displayCategory: 'welcome' })]);
    const activity = (await s.call('GET', `/api/rest/patients/${m.paxId}/activity-headers`, { token: m.token })).body.items;
    expect(activity).toEqual([expect.objectContaining({ activityType: 'WELCOME CERTIFICATE', points: 0 })]);
  });

  it('is issued once however often and however concurrently it is ensured (sign-ins, retries)', async () => {
    const m = await strandedMember();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => ensureWelcomeCertificate(s.runtime.deps, m.paxId, { kind: 'participant', paxId: m.paxId })),
    );
    expect(results.filter((r) => r === 'issued')).toHaveLength(1);
    const stream = await s.runtime.deps.store.readStream(certificateStream(welcomeCertificateId(m.paxId)));
    expect(stream).toHaveLength(1);
  });

  it('is issued at the next sign-in when issuing it failed after the enrollment committed, once even when sign-ins race', async () => {
    const m = await strandedMember();
    expect(await s.runtime.deps.store.readStream(certificateStream(welcomeCertificateId(m.paxId)))).toHaveLength(0);
    const signIns = await Promise.all(
      Array.from({ length: 4 }, () => s.call('POST', '/api/rest/authenticate/login', { body: { username: m.email, password: 'Sturdy-pass-42' } })),
    );
    expect(signIns.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const stream = await s.runtime.deps.store.readStream(certificateStream(welcomeCertificateId(m.paxId)));
    expect(stream.map((e) => e.type)).toEqual(['CertificateIssued']);
  });

  it('is not issued to a member enrolled while none was configured', async () => {
    const m = await s.enroll();
    await s.runtime.deps.pool.query('UPDATE participants SET welcome_category_code = NULL WHERE pax_id = $1', [m.paxId]);
    expect(await ensureWelcomeCertificate(s.runtime.deps, m.paxId, { kind: 'participant', paxId: m.paxId })).toBe('none-due');
  });
});

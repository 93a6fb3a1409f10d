import { DEMO } from '../../../server/seed/demo';
import { impersonate } from '../ledger/ledger-helpers';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.email);
});
afterAll(() => s.stop());

const profile = (paxId: number) => `/api/rest/participants/${paxId}/profile`;
const record = async (m: { paxId: number; token: string }) => (await s.call('GET', `/api/rest/participants/${m.paxId}`, { token: m.token })).body;
const audit = async (paxId: number) =>
  (
    await s.runtime.deps.pool.query<{ actor: { kind: string }; before: unknown; after: unknown }>(
      `SELECT actor, before, after FROM config_audit WHERE entity = 'participant-profile' AND entity_id = $1 ORDER BY id`,
      [String(paxId)],
    )
  ).rows;

describe('correcting a profile (issue 27: a member enrolled with ZIP 00000 was stuck)', () => {
  it('lets the member correct their name and postal code, each change audited with who made it', async () => {
    const m = await s.enroll();
    // A member enrolled before ZIP 00000 was refused.
    await s.runtime.deps.pool.query(`UPDATE participants SET postal_code = '00000' WHERE pax_id = $1`, [m.paxId]);
    const r = await s.call('PUT', profile(m.paxId), { token: m.token, body: { firstName: 'Terry', lastName: 'Typo-Fixed', postalCode: '92612-1234' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ firstName: 'Terry', lastName: 'Typo-Fixed', postalCode: '92612-1234' });
    expect(await record(m)).toMatchObject({ firstName: 'Terry', lastName: 'Typo-Fixed', postalCode: '92612-1234' });
    expect(await audit(m.paxId)).toEqual([
      {
        actor: { kind: 'participant', paxId: m.paxId },
        before: { first_name: 'Test', last_name: 'Member', postal_code: '00000' },
        after: { first_name: 'Terry', last_name: 'Typo-Fixed', postal_code: '92612-1234' },
      },
    ]);
  });

  it('refuses what enrollment refuses, on its field, and changes nothing', async () => {
    const m = await s.enroll();
    const before = await record(m);
    const zip = await s.call('PUT', profile(m.paxId), { token: m.token, body: { postalCode: '00000', firstName: 'Ok' } });
    expect(zip.status).toBe(400);
    expect(zip.body.errors).toEqual([{ path: 'body.postalCode', message: 'is not a ZIP code any US address has' }]);
    const name = await s.call('PUT', profile(m.paxId), { token: m.token, body: { firstName: '12' } });
    expect(name.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.firstName']);
    expect(await record(m)).toEqual(before);
    expect(await audit(m.paxId)).toEqual([]);
  });

  it('keeps the birth date for staff: the member is refused on the field; an impersonating admin corrects it, named in the audit', async () => {
    const m = await s.enroll();
    const mine = await s.call('PUT', profile(m.paxId), { token: m.token, body: { dateOfBirth: '1991-02-03' } });
    expect(mine.status).toBe(403);
    expect(mine.body.errors).toEqual([{ path: 'body.dateOfBirth', message: expect.stringMatching(/staff/) }]);
    expect((await record(m)).dateOfBirth).toBe('1990-01-01');

    const asMember = await impersonate(s, admin.token, m.paxId);
    const old = await s.call('PUT', profile(m.paxId), { token: asMember, body: { dateOfBirth: '1890-02-03' } });
    expect(old.body.errors).toEqual([{ path: 'body.dateOfBirth', message: 'must be within the last 120 years' }]);
    const fixed = await s.call('PUT', profile(m.paxId), { token: asMember, body: { dateOfBirth: '1991-02-03' } });
    expect(fixed.status).toBe(200);
    expect((await record(m)).dateOfBirth).toBe('1991-02-03');
    expect(await audit(m.paxId)).toEqual([
      {
        actor: { kind: 'admin-as-participant', adminId: admin.paxId, paxId: m.paxId },
        before: { date_of_birth: '1990-01-01' },
        after: { date_of_birth: '1991-02-03' },
      },
    ]);
  });

  it('refuses a phone number no one can be reached at (000-000-0000), saying why', async () => {
    const m = await s.enroll();
    const r = await s.call('POST', `/api/rest/participants/${m.paxId}/phones`, { token: m.token, body: { phone: '000-000-0000' } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ path: 'body.phone', message: expect.stringMatching(/area code and exchange do not start with 0 or 1/) }]);
  });
});

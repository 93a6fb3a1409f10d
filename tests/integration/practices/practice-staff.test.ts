import { randomUUID } from 'node:crypto';
import { memberCodeKey, memberCodeOf } from '../../../server/practices/member-code';
import { LOOKUPS_PER_MINUTE } from '../../../server/practices/lookup-throttle';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(120_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = await s.login(DEMO.admin.email);
});
afterAll(() => s.stop());

const staffLogin = async (email: string, password = DEMO.password) => {
  const r = await s.call('POST', '/api/rest/authenticate/login', { body: { username: email, password } });
  expect(r.status).toBe(200);
  return r.body as { authToken: string; practice: { practiceId: number; name: string; role: string } };
};
/** The token of the newest invitation mailed to `email`, read from the outbox as the person would from the e-mail. */
const invitationToken = async (email: string) => {
  const r = await s.runtime.deps.pool.query<{ body: string }>('SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', [email]);
  const token = /\/practice\/accept\?token=([\w-]+)/.exec(r.rows[0]?.body ?? '')?.[1];
  expect(token).toBeDefined();
  return token!;
};

describe('a practice and its staff', () => {
  it('an admin creates a practice, its administrator accepts, invites front desk, and removing them ends their session at once', async () => {
    const adminEmail = `pa-${randomUUID()}@example.com`;
    const created = await s.call('POST', '/api/rest/admin/practices', {
      token: admin.token,
      body: {
        name: 'Bayside Skin',
        address1: '1 Shore Rd',
        city: 'Irvine',
        state: 'ca',
        postalCode: '92612',
        phone: '949-555-0199',
        adminEmail,
        adminFirstName: 'Pat',
        adminLastName: 'Lead',
      },
    });
    expect(created.status).toBe(201);
    // Listed in Find a Specialist at once, placed from its ZIP; a ZIP no address has is refused by its field.
    const found = await s.call('GET', '/api/rest/specialists?postalCode=92612&radiusMiles=5');
    expect(found.body.items).toContainEqual(expect.objectContaining({ name: 'Bayside Skin', address: '1 Shore Rd, Irvine, CA', postalCode: '92612' }));
    const nowhere = await s.call('POST', '/api/rest/admin/practices', {
      token: admin.token,
      body: {
        name: 'Nowhere',
        address1: '1 Road',
        city: 'X',
        state: 'CA',
        postalCode: '99999',
        phone: '949-555-0198',
        adminEmail: `n-${randomUUID()}@example.com`,
        adminFirstName: 'N',
        adminLastName: 'W',
      },
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.errors[0].path).toBe('body.postalCode');
    const accepted = await s.call('POST', '/api/rest/practice/invitations/accept', {
      body: { token: await invitationToken(adminEmail), password: 'Another-pass-9' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.practice).toEqual({ practiceId: created.body.practiceId, name: 'Bayside Skin', role: 'PRACTICE_ADMIN' });
    const reused = await s.call('POST', '/api/rest/practice/invitations/accept', {
      body: { token: await invitationToken(adminEmail), password: 'Another-pass-9' },
    });
    expect(reused.status).toBe(400);
    expect(reused.body.errors[0].path).toBe('body.token');

    const lead = accepted.body.authToken as string;
    const deskEmail = `desk-${randomUUID()}@example.com`;
    const invited = await s.call('POST', '/api/rest/practice/staff', {
      token: lead,
      body: { email: deskEmail, firstName: 'Dana', lastName: 'Desk', role: 'FRONT_DESK' },
    });
    expect(invited.status).toBe(201);
    expect(
      (await s.call('POST', '/api/rest/practice/staff', { token: lead, body: { email: deskEmail, firstName: 'D', lastName: 'D', role: 'FRONT_DESK' } })).status,
    ).toBe(409);
    expect(
      (await s.call('POST', '/api/rest/practice/staff', { token: lead, body: { email: DEMO.member.email, firstName: 'M', lastName: 'M', role: 'FRONT_DESK' } }))
        .status,
    ).toBe(409);
    const bad = await s.call('POST', '/api/rest/practice/staff', {
      token: lead,
      body: { email: 'x@example.com', firstName: 'X', lastName: 'Y', role: 'OWNER' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('body.role');

    await s.call('POST', '/api/rest/practice/invitations/accept', { body: { token: await invitationToken(deskEmail), password: 'Desk-pass-12' } });
    const desk = await staffLogin(deskEmail, 'Desk-pass-12');
    expect(desk.practice.role).toBe('FRONT_DESK');
    expect((await s.call('GET', '/api/rest/practice/staff', { token: desk.authToken })).status).toBe(403);
    const staff = await s.call('GET', '/api/rest/practice/staff', { token: lead });
    expect(staff.body.map((u: { email: string; status: string }) => [u.email, u.status])).toEqual([
      [adminEmail, 'ACTIVE'],
      [deskEmail, 'ACTIVE'],
    ]);
    // A practice user is refused member and admin calls, as the spec refuses a member admin's.
    expect((await s.call('GET', `/api/rest/participants/${admin.paxId}/points`, { token: desk.authToken })).status).toBe(403);
    expect((await s.call('GET', '/api/rest/admin/outbox', { token: desk.authToken })).status).toBe(403);
    expect((await s.call('GET', '/api/rest/authenticate/keepalive', { token: desk.authToken })).status).toBe(200);
    // And members and admins are refused the practice's calls.
    expect((await s.call('GET', '/api/rest/practice/treatments', { token: admin.token })).status).toBe(403);

    const deskId = staff.body[1].userId as number;
    expect((await s.call('DELETE', `/api/rest/practice/staff/${deskId}`, { token: lead })).status).toBe(204);
    expect((await s.call('GET', '/api/rest/practice/treatments', { token: desk.authToken })).status).toBe(401);
    const again = await s.call('POST', '/api/rest/authenticate/login', { body: { username: deskEmail, password: 'Desk-pass-12' } });
    expect(again.status).toBe(401);
    // Another practice's administrator cannot remove anyone here.
    const demoLead = await staffLogin(DEMO.practiceAdmin.email);
    expect((await s.call('DELETE', `/api/rest/practice/staff/${staff.body[0].userId}`, { token: demoLead.authToken })).status).toBe(404);
  });
});

describe("a practice administrator's API keys", () => {
  it('issues a key shown once that records for this practice, lists it without the key, and revokes it; front desk may not', async () => {
    const lead = await staffLogin(DEMO.practiceAdmin.email);
    const issued = await s.call('POST', '/api/rest/practice/api-keys', { token: lead.authToken, body: { label: 'Front-desk PMS' } });
    expect(issued.status).toBe(201);
    const key = issued.body.apiKey as string;
    expect((await s.call('GET', '/api/rest/practice/treatments', { headers: { 'x-api-key': key } })).status).toBe(200);
    const listed = await s.call('GET', '/api/rest/practice/api-keys', { token: lead.authToken });
    expect(listed.body[0]).toMatchObject({ apiKeyId: issued.body.apiKeyId, label: 'Front-desk PMS', revokedAt: null });
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect((await s.call('POST', `/api/rest/practice/api-keys/${issued.body.apiKeyId}/revoke`, { token: lead.authToken })).status).toBe(204);
    expect((await s.call('GET', '/api/rest/practice/treatments', { headers: { 'x-api-key': key } })).status).toBe(401);
    // A key cannot manage keys: only a practice administrator signed in does.
    expect((await s.call('GET', '/api/rest/practice/api-keys', { headers: { 'x-api-key': DEMO.practiceKey } })).status).toBe(401);
    expect((await s.call('POST', '/api/rest/practice/api-keys/1/revoke', { token: admin.token })).status).toBe(403);
  });
});

describe('finding the patient in front of you', () => {
  it('by member code, exact phone, or e-mail with date of birth; exact only; written to the access log; an erased member is not found', async () => {
    const desk = await staffLogin(DEMO.practiceAdmin.email);
    const m = await s.enroll({ phone: '949-555-0177', dateOfBirth: '1990-03-04', postalCode: '92612' });
    const own = await s.call('GET', `/api/rest/participants/${m.paxId}`, { token: m.token });
    const memberCode = own.body.memberCode as string;
    expect(memberCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(memberCode).toBe(memberCodeOf(await memberCodeKey(s.runtime.deps.pool), m.paxId));

    const find = (query: string) => s.call('GET', `/api/rest/practice/patients?${query}`, { token: desk.authToken });
    const byCode = await find(`memberCode=${memberCode.toLowerCase().slice(0, 4)}-${memberCode.slice(4)}`);
    expect(byCode.status).toBe(200);
    expect(byCode.body.items).toEqual([
      { paxId: m.paxId, firstName: expect.any(String), lastInitial: expect.stringMatching(/^[A-Z]$/), memberCode, city: 'Irvine' },
    ]);
    expect(Object.keys(byCode.body.items[0]).sort()).toEqual(['city', 'firstName', 'lastInitial', 'memberCode', 'paxId']);
    expect((await find('phone=(949) 555-0177')).body.items.map((p: { paxId: number }) => p.paxId)).toContain(m.paxId);
    expect((await find(`email=${encodeURIComponent(m.email.toUpperCase())}&dateOfBirth=1990-03-04`)).body.items).toHaveLength(1);
    expect((await find(`email=${encodeURIComponent(m.email)}&dateOfBirth=1990-03-05`)).body.items).toEqual([]);
    const noDob = await find(`email=${encodeURIComponent(m.email)}`);
    expect(noDob.status).toBe(400);
    expect(noDob.body.errors[0].path).toBe('query.dateOfBirth');
    expect((await find('')).status).toBe(400);
    expect((await find('memberCode=SHORT')).status).toBe(400);

    const log = await s.call('GET', `/api/rest/admin/participants/${m.paxId}/access-log`, { token: admin.token });
    const practiceReads = log.body.filter((e: { actor: { kind: string } }) => e.actor.kind === 'practice');
    expect(practiceReads.length).toBeGreaterThanOrEqual(3);
    expect(practiceReads[0]).toMatchObject({ action: 'practice-lookup', actor: { name: expect.stringContaining('Harbor Aesthetics Demo Practice') } });

    const certificates = await s.call('GET', `/api/rest/practice/patients/${m.paxId}/certificates`, { token: desk.authToken });
    expect(certificates.status).toBe(200);
    expect(Array.isArray(certificates.body.items)).toBe(true);

    const erased = await s.call('POST', `/api/rest/admin/participants/${m.paxId}/erasure`, { token: admin.token, body: { reason: 'Asked to be forgotten' } });
    expect(erased.status).toBe(202);
    expect((await find(`memberCode=${memberCode}`)).body.items).toEqual([]);
    expect((await s.call('GET', `/api/rest/practice/patients/${m.paxId}/certificates`, { token: desk.authToken })).status).toBe(404);
  });

  it('answers 429 once one user looks up too fast, and the API key has its own allowance', async () => {
    const email = `fast-${randomUUID()}@example.com`;
    const lead = await staffLogin(DEMO.practiceAdmin.email);
    await s.call('POST', '/api/rest/practice/staff', { token: lead.authToken, body: { email, firstName: 'Fast', lastName: 'Finder', role: 'FRONT_DESK' } });
    await s.call('POST', '/api/rest/practice/invitations/accept', { body: { token: await invitationToken(email), password: 'Fast-pass-123' } });
    const fast = await staffLogin(email, 'Fast-pass-123');
    const statuses: number[] = [];
    for (let i = 0; i <= LOOKUPS_PER_MINUTE; i++)
      statuses.push((await s.call('GET', '/api/rest/practice/patients?memberCode=ZZZZZZZZ', { token: fast.authToken })).status);
    expect(statuses.slice(0, LOOKUPS_PER_MINUTE).every((st) => st === 200)).toBe(true);
    expect(statuses[LOOKUPS_PER_MINUTE]).toBe(429);
    const byKey = await s.call('GET', '/api/rest/practice/patients?memberCode=ZZZZZZZZ', { headers: { 'x-api-key': DEMO.practiceKey } });
    expect(byKey.status).toBe(200);
  });
});

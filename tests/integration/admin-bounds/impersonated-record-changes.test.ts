import { startTestServer, type TestServer } from '../../support/test-server';
import { impersonate } from '../ledger/ledger-helpers';

/**
 * Issue 54, item 4: after impersonating a member and adding a phone, support's history showed "Impersonation started"
 * and "Impersonation ended" with nothing between, though the contacts' trail held phone-added by admin-as-participant.
 * Changes to the member's record (kept in the audit trail, not the log) are now in the timeline, placed by time, with
 * both people's names.
 */
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let member: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = await s.login('admin@example.com');
  member = await s.enroll({ firstName: 'Robin', lastName: 'Recordmember' });
});
afterAll(() => s.stop());

interface Entry {
  type: string;
  data: { description?: string };
  actor: { kind: string };
  actorNames: { admin: string | null; member: string | null };
  position: string;
  balanceAfter: number;
}

describe("the member's support history", () => {
  it('lists what an impersonating admin changed in the record between the start and the end, naming both', async () => {
    const token = await impersonate(s, admin.token, member.paxId);
    expect((await s.call('POST', `/api/rest/participants/${member.paxId}/phones`, { token, body: { phone: '949-555-0177' } })).status).toBe(201);
    expect((await s.call('PUT', `/api/rest/participants/${member.paxId}/profile`, { token, body: { firstName: 'Robyn' } })).status).toBe(200);
    const ended = await s.call('POST', '/api/rest/authenticate/endImpersonate', { token });
    expect(ended.status).toBe(200);
    // The admin's token before the impersonation was retired with it; this one replaces it.
    admin.token = ended.body.authToken as string;

    const adminRow = await s.runtime.deps.pool.query<{ name: string }>("SELECT first_name || ' ' || last_name AS name FROM participants WHERE pax_id = $1", [
      admin.paxId,
    ]);
    const timeline = await s.call('GET', `/api/rest/admin/participants/${member.paxId}/timeline`, { token: admin.token });
    expect(timeline.status).toBe(200);
    const events = timeline.body.events as Entry[];
    const types = events.map((e) => e.type);
    const started = types.indexOf('ImpersonationStarted');
    const finished = types.indexOf('ImpersonationEnded');
    expect(started).toBeGreaterThanOrEqual(0);
    expect(types.slice(started + 1, finished)).toEqual(['PhoneAdded', 'ProfileCorrected']);
    const [phone, profile] = events.slice(started + 1, finished);
    expect(phone).toMatchObject({
      actor: { kind: 'admin-as-participant' },
      actorNames: { admin: adminRow.rows[0].name, member: 'Robyn Recordmember' },
      data: { description: expect.stringContaining('Phone 949-555-0177 added') },
      position: expect.stringMatching(/^audit-\d+$/),
    });
    expect(profile.data.description).toBe('First name Robin → Robyn');
    // A change to the record moves no points: the balance is the one the event before it left.
    expect(phone.balanceAfter).toBe(events[started].balanceAfter);
  });

  it('leaves record changes after an asOf date out of the replay as of that date', async () => {
    const timeline = await s.call('GET', `/api/rest/admin/participants/${member.paxId}/timeline?asOf=2020-01-01`, { token: admin.token });
    expect(timeline.status).toBe(200);
    expect((timeline.body.events as Entry[]).filter((e) => e.position.startsWith('audit-'))).toEqual([]);
  });
});

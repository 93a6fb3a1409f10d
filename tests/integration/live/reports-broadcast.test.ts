import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { quickMember } from '../api/fixtures';
import { SseClient } from './sse-client';

// The programme report moves with nearly every award: admins' own streams hear a `reports` message (the insight screen
// re-reads its figures), members' streams are not woken by it.
jest.setTimeout(30_000);
let s: TestServer;
let admin: { token: string; paxId: number };
const open: SseClient[] = [];
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.email);
});
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});
afterAll(() => s.stop());

const connect = async (token: string) => {
  const c = await SseClient.open(`${s.url}/api/rest/live`, { 'auth-token': token });
  open.push(c);
  await c.waitFor((f) => f.event === 'points');
  return c;
};

describe('GET /api/rest/live: reports', () => {
  it("tells an admin's own stream that the programme report moved, without an id, and never a member's", async () => {
    const member = await quickMember(s);
    const [staff, patient] = [await connect(admin.token), await connect(member.token)];
    const before = staff.messages('reports').length;

    const award = await s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, {
      token: admin.token,
      body: { amount: 25, description: 'Moves the report', idempotencyKey: `reports-${member.paxId}` },
    });
    expect(award.status).toBe(201);
    await staff.waitFor(() => staff.messages('reports').length > before, 5000, 'the report moved');
    const told = staff.messages('reports').at(-1)!;
    expect(JSON.parse(told.data!)).toEqual({ topic: 'reports' });
    // Not part of the admin's own log: an id would move the Last-Event-ID a reconnect resumes from.
    expect(told.id).toBeUndefined();

    // The member hears their award, and nothing about the report.
    await patient.waitForId(award.body.position as string);
    expect(patient.messages('reports')).toEqual([]);
  });

  it("does not tell an impersonating admin's session, which acts as the member", async () => {
    const member = await quickMember(s);
    const started = await s.call('POST', '/api/rest/authenticate/impersonate', { token: admin.token, body: { paxId: member.paxId } });
    expect(started.status).toBe(200);
    const token = started.body.authToken as string;
    const acting = await connect(token);
    const award = await s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, {
      token: admin.token,
      body: { amount: 5, description: 'Moves the report', idempotencyKey: `reports-impersonated-${member.paxId}` },
    });
    await acting.waitForId(award.body.position as string);
    expect(acting.messages('reports')).toEqual([]);
  });
});

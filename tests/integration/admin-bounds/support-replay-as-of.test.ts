import { dateIn } from '../../../event-schemas/calendar';
import { startTestServer, type TestServer } from '../../support/test-server';

/** Issue 28, item 8: a support replay "as of" a day still ahead is refused, not answered with today's balance. */
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let member: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = await s.login('admin@example.com');
  member = await s.enroll();
});
afterAll(() => s.stop());

const shift = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('GET /admin/participants/{paxId}/timeline?asOf=', () => {
  it('answers today, and refuses tomorrow as a 400 on query.asOf', async () => {
    const today = dateIn(s.runtime.deps.settings.timeZone, new Date());
    const path = (asOf: string) => `/api/rest/admin/participants/${member.paxId}/timeline?asOf=${asOf}`;
    expect((await s.call('GET', path(today), { token: admin.token })).status).toBe(200);
    const ahead = await s.call('GET', path(shift(today, 1)), { token: admin.token });
    expect(ahead.status).toBe(400);
    expect(ahead.body.errors).toEqual([{ path: 'query.asOf', message: 'must be today or earlier (the replay shows what has happened)' }]);
  });
});

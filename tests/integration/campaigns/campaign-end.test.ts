import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { activeCampaign, createCampaign, loginThrough, offerStreams } from './campaign-helpers';

/** Issue 28, item 8: POST /dr-campaigns/{id}/end ends a campaign from the list, once, with one history entry. */
jest.setTimeout(60_000);
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = (await s.login(DEMO.admin.email)).token;
});
afterAll(() => s.stop());

const end = (id: number | string, token = admin) => s.call('POST', `/api/rest/dr-campaigns/${id}/end`, { token, body: {} });
const history = async (id: number) => (await s.call('GET', `/api/rest/admin/audit/dr-campaigns/${id}`, { token: admin })).body as { action: string }[];

describe('POST /dr-campaigns/{id}/end', () => {
  it('ends an ACTIVE campaign once when three admins end it at once; its link then issues no offer', async () => {
    const id = await createCampaign(s, admin, activeCampaign());
    const answers = await Promise.all([end(id), end(id), end(id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    for (const a of answers) expect(a.body).toMatchObject({ id, statusTypeCode: 'ENDED' });
    expect((await history(id)).map((h) => h.action)).toEqual(['create', 'end']);
    // Again later: answered as it is, no second entry.
    expect((await end(id)).status).toBe(200);
    expect((await history(id)).map((h) => h.action)).toEqual(['create', 'end']);

    const member = await s.enroll();
    expect((await loginThrough(s, member.email, id)).status).toBe(200);
    expect(await offerStreams(s, member.paxId)).toBe(0);
  });

  it('refuses a draft (409), an unknown campaign (404) and a member (403), changing nothing', async () => {
    const draft = await createCampaign(s, admin, { campaignName: 'Not started' });
    const refused = await end(draft);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('A draft campaign has not started, so there is nothing to end: edit it instead');
    expect((await s.call('GET', `/api/rest/dr-campaigns/${draft}`, { token: admin })).body.statusTypeCode).toBe('DRAFT');
    expect((await end(987654)).status).toBe(404);
    expect((await end('abc')).status).toBe(400);
    const member = (await s.login(DEMO.member.email)).token;
    expect((await end(draft, member)).status).toBe(403);
    expect((await history(draft)).map((h) => h.action)).toEqual(['create']);
  });
});

import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { activeCampaign, createCampaign } from './campaign-helpers';

let s: TestServer;
let admin: string;
let member: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = (await s.login(DEMO.admin.email)).token;
  member = (await s.login(DEMO.member.email)).token;
});
afterAll(() => s.stop());

const countCampaigns = async () => (await s.runtime.deps.pool.query('SELECT count(*)::int AS n FROM dr_campaigns')).rows[0].n as number;

describe('the campaign tool’s calls', () => {
  it('creates a campaign with the spec’s draft defaults and audits it', async () => {
    const r = await s.call('POST', '/api/rest/dr-campaigns', { token: admin, body: { campaignName: '  Autumn  ' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      campaignName: 'Autumn',
      statusTypeCode: 'DRAFT',
      fromDate: null,
      thruDate: null,
      allowReissuance: false,
      loginNotificationRequired: true,
      isPatientEvent: false,
      groupId: null,
    });
    const audit = await s.call('GET', `/api/rest/admin/audit/dr-campaigns/${r.body.id}`, { token: admin });
    expect(audit.body).toEqual([expect.objectContaining({ action: 'create', before: null, actor: { kind: 'admin', adminId: expect.any(Number) } })]);
  });

  it('updates it, audits before and after, and lists it first', async () => {
    const id = await createCampaign(s, admin, { campaignName: 'Winter' });
    const r = await s.call('PUT', `/api/rest/dr-campaigns/${id}`, { token: admin, body: activeCampaign({ campaignName: 'Winter', mkCode: 'WINTER26' }) });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, statusTypeCode: 'ACTIVE', mkCode: 'WINTER26', certificateAmount: 25 });
    const audit = await s.call('GET', `/api/rest/admin/audit/dr-campaigns/${id}`, { token: admin });
    expect(audit.body.map((e: { action: string }) => e.action)).toEqual(['create', 'update']);
    expect(audit.body[1].before.statusTypeCode).toBe('DRAFT');
    const list = await s.call('GET', '/api/rest/dr-campaigns', { token: admin });
    expect(list.body[0].id).toBe(id);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['a window ending before it starts', { campaignName: 'X', fromDate: '2026-05-02', thruDate: '2026-05-01' }, ['body.thruDate']],
    [
      'an ACTIVE campaign without its offer',
      { campaignName: 'X', statusTypeCode: 'ACTIVE' },
      ['body.fromDate', 'body.thruDate', 'body.certificateCategoryCode', 'body.certificateAmount'],
    ],
    ['an unknown certificate category', { campaignName: 'X', certificateCategoryCode: 'NOPE' }, ['body.certificateCategoryCode']],
    ['an unknown group', { campaignName: 'X', groupId: 987654 }, ['body.groupId']],
    [
      'a malformed date and a negative amount',
      { campaignName: 'X', fromDate: '05/01/2026', certificateAmount: -5 },
      ['body.fromDate', 'body.certificateAmount'],
    ],
    ['no name', { statusTypeCode: 'DRAFT' }, ['body.campaignName']],
    [
      'numbers its columns cannot hold',
      { campaignName: 'X', certificateAmount: 0, daysBeforeExpirationToSendReminder: 3e9, groupId: 1e19 },
      ['body.certificateAmount', 'body.daysBeforeExpirationToSendReminder', 'body.groupId'],
    ],
    ['an amount past numeric(10, 2)', { campaignName: 'X', certificateAmount: 1e9 }, ['body.certificateAmount']],
  ])('refuses %s with a 400 naming the fields, writing nothing', async (_what, body, paths) => {
    const before = await countCampaigns();
    const r = await s.call('POST', '/api/rest/dr-campaigns', { token: admin, body });
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(r.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([...paths].sort());
    expect(await countCampaigns()).toBe(before);
  });

  it('keeps a marketing code to one campaign when four admins save it at once (one 201, three 400s, no 500)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => s.call('POST', '/api/rest/dr-campaigns', { token: admin, body: { campaignName: `Race ${i}`, mkCode: 'RACECODE' } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400]);
  });

  it('keeps a marketing code to one campaign', async () => {
    await createCampaign(s, admin, { campaignName: 'A', mkCode: 'ONLYONE' });
    const r = await s.call('POST', '/api/rest/dr-campaigns', { token: admin, body: { campaignName: 'B', mkCode: 'onlyone' } });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ path: 'body.mkCode', message: 'is already used by another campaign' }]);
  });

  it('lets only admins list, create and change; members see a live campaign’s member view only', async () => {
    expect((await s.call('GET', '/api/rest/dr-campaigns', { token: member })).status).toBe(403);
    expect((await s.call('POST', '/api/rest/dr-campaigns', { token: member, body: { campaignName: 'Mine' } })).status).toBe(403);
    const draft = await createCampaign(s, admin, { campaignName: 'Hidden' });
    expect((await s.call('PUT', `/api/rest/dr-campaigns/${draft}`, { token: member, body: { campaignName: 'Mine' } })).status).toBe(403);
    expect((await s.call('GET', `/api/rest/dr-campaigns/${draft}`, { token: member })).status).toBe(404);
    const live = await createCampaign(s, admin, activeCampaign({ allowReissuance: true }));
    const seen = await s.call('GET', `/api/rest/dr-campaigns/${live}`, { token: member });
    expect(seen.body).toEqual({ id: live, allowReissuance: true, fromDate: expect.any(String), thruDate: expect.any(String), loginNotificationRequired: true });
    expect((await s.call('GET', `/api/rest/dr-campaigns/${live}`)).status).toBe(401);
  });

  it('answers 404 for an unknown campaign and 400 for a malformed id', async () => {
    expect((await s.call('PUT', '/api/rest/dr-campaigns/424242', { token: admin, body: { campaignName: 'X' } })).status).toBe(404);
    const bad = await s.call('GET', '/api/rest/dr-campaigns/abc', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('path.id');
  });
});

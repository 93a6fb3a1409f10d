import { promotionStream } from '../../../event-schemas';
import { startTestServer, type TestServer } from '../../support/test-server';
import { quickMember } from '../api/fixtures';
import { createPromotion, groupOfLastName, statusAction } from './promotion-helpers';

const clock = new Date('2026-04-15T19:00:00Z');
const UNKNOWN = '0c9d8e7f-6a5b-4c3d-8e1f-a2b3c4d5e6f7';
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let member: { token: string; paxId: number };

const streamTypes = async (id: string) => (await s.runtime.deps.store.readStream(promotionStream(id))).map((e) => e.type);
const copy = (token: string | undefined, id: string) => s.call('POST', `/api/rest/promotions/${id}/copy`, { token });

beforeAll(async () => {
  s = await startTestServer({ now: () => clock });
  admin = await s.login('admin@example.com');
  member = await quickMember(s);
});
afterAll(() => s.stop());

describe('POST /promotions/{id}/copy', () => {
  it("copies an ENDED promotion to a new DRAFT: ' - Copy', the code's numeric tail replaced by a timestamp, every section kept", async () => {
    const groupId = await groupOfLastName(s, admin.token, 'Copyable');
    const website = {
      tileTitle: 'Copy me',
      pages: [
        { page: 'OVERVIEW', contentEntryId: 'overview-1' },
        { page: 'FAQ', contentEntryId: 'faq-1', active: false },
      ],
    };
    const source = await createPromotion(s, admin.token, { name: 'Autumn Glow', promotionCode: 'AUTUMN-2025', groupIds: [groupId], website });
    expect((await statusAction(s, admin.token, source.id, 'end')).status).toBe(200);

    const r = await copy(admin.token, source.id);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: 'Autumn Glow - Copy',
      promotionCode: `AUTUMN-${clock.getTime()}`,
      statusTypeCode: 'DRAFT',
      description: 'Two treatments, one bonus.',
      fromDate: '2026-04-01',
      thruDate: '2026-04-30',
      groupIds: [groupId],
      website: {
        tileTitle: 'Copy me',
        pages: [
          { page: 'OVERVIEW', contentEntryId: 'overview-1', active: true },
          { page: 'FAQ', contentEntryId: 'faq-1', active: false },
        ],
      },
      position: expect.any(String),
    });
    expect(r.body.id).not.toBe(source.id);

    // The source is untouched; the copy is its own stream, and the list (read model) shows it DRAFT.
    expect(await streamTypes(source.id)).toEqual(['PromotionCreated', 'PromotionStatusChanged', 'PromotionStatusChanged']);
    const list = await s.call('GET', '/api/rest/promotions?promotionCategory=PROMOTION&status=DRAFT&searchName=Autumn%20Glow%20-%20Copy', {
      token: admin.token,
      headers: { 'x-wait-for-position': r.body.position },
    });
    expect(list.body.items.map((i: { id: string; statusTypeCode: string }) => [i.id, i.statusTypeCode])).toEqual([[r.body.id, 'DRAFT']]);

    const one = await s.call('GET', `/api/rest/admin/promotions/${r.body.id}`, { token: admin.token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: r.body.id, statusTypeCode: 'DRAFT', copiedFrom: source.id });
    // A copy can be published like any draft.
    expect((await statusAction(s, admin.token, r.body.id, 'publish')).body.statusTypeCode).toBe('ACTIVE');
  });

  it('is audited on the new stream: created by the admin, naming its source, then moved to DRAFT', async () => {
    const source = await createPromotion(s, admin.token, { name: 'Audited', promotionCode: 'AUDITED' });
    const r = await copy(admin.token, source.id);
    expect(r.body.promotionCode).toBe(`AUDITED-${clock.getTime()}`);
    const audit = await s.call('GET', `/api/rest/admin/audit/promotions/${r.body.id}`, { token: admin.token });
    expect(audit.status).toBe(200);
    expect(audit.body).toMatchObject([
      {
        type: 'PromotionCreated',
        actor: { kind: 'admin', adminId: admin.paxId },
        occurredAt: clock.toISOString(),
        data: { promotionId: r.body.id, copiedFrom: source.id, name: 'Audited - Copy' },
      },
      { type: 'PromotionStatusChanged', actor: { kind: 'admin', adminId: admin.paxId }, data: { from: 'NEW', to: 'DRAFT', reason: 'Copy of AUDITED' } },
    ]);
    // The source's own history gains nothing.
    expect(await streamTypes(source.id)).toEqual(['PromotionCreated', 'PromotionStatusChanged']);
  });

  it('answers 404 for an unknown promotion and 400 for a malformed id, writing nothing', async () => {
    const before = await s.runtime.deps.store.countAll!();
    const unknown = await copy(admin.token, UNKNOWN);
    expect(unknown.status).toBe(404);
    expect((await copy(admin.token, 'not-a-uuid')).status).toBe(400);
    expect((await s.call('GET', `/api/rest/admin/promotions/${UNKNOWN}`, { token: admin.token })).status).toBe(404);
    expect(await s.runtime.deps.store.countAll!()).toBe(before);
  });

  it('is 403 for a member and for an admin impersonating one, 401 without a session', async () => {
    const { id } = await createPromotion(s, admin.token);
    const asMember = (await s.call('POST', '/api/rest/authenticate/impersonate', { token: admin.token, body: { paxId: member.paxId } })).body
      .authToken as string;
    for (const token of [member.token, asMember]) {
      expect((await copy(token, id)).status).toBe(403);
      expect((await s.call('GET', `/api/rest/admin/promotions/${id}`, { token })).status).toBe(403);
    }
    expect((await copy(undefined, id)).status).toBe(401);
    expect(await streamTypes(id)).toEqual(['PromotionCreated', 'PromotionStatusChanged']);
  });
});

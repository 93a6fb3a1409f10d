import { DEMO } from '../../../server/seed/demo';
import { eventually } from '../../support/event-store-contract';
import { startTestServer, type TestServer } from '../../support/test-server';
import { activeCampaign, createCampaign, loginThrough, offerCertificates, offerStreams, shiftDays, today } from './campaign-helpers';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = (await s.login(DEMO.admin.email)).token;
});
afterAll(() => s.stop());

const codes = (r: { body: { events: { code: string }[] } }) => r.body.events.map((e) => e.code);

describe('signing in through a campaign’s marketing link', () => {
  it('claims the offer once: CONGRATULATIONS with its dates, then OFFER ALREADY CLAIMED; the certificate shows as an offer', async () => {
    const id = await createCampaign(s, admin, activeCampaign());
    const member = await s.enroll();
    const first = await loginThrough(s, member.email, id);
    expect(first.status).toBe(200);
    expect(first.body.events).toEqual([
      {
        code: `MKT_LOGIN_CERT_SUCCESS_${id}`,
        campaignId: id,
        certificateId: expect.any(String),
        activationDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        expirationDate: expect.any(String),
      },
    ]);
    const { activationDate, expirationDate } = first.body.events[0];
    expect(expirationDate).toBe(shiftDays(activationDate, 90)); // the SPRING_OFFER category's default expiry

    const again = await loginThrough(s, member.email, id);
    expect(codes(again)).toEqual([`MKT_LOGIN_CERT_ALREADY_CLAIMED_${id}`]);
    const offers = await eventually(async () => {
      const items = await offerCertificates(s, again.body.authToken);
      expect(items).toHaveLength(1);
      return items;
    });
    expect(offers[0]).toMatchObject({ id: first.body.events[0].certificateId, amount: 25, name: 'Spring Treatment Offer', status: 'ACTIVE' });
    expect(await offerStreams(s, member.paxId)).toBe(1);
  });

  it('issues exactly one offer when the same member signs in five times at once', async () => {
    const id = await createCampaign(s, admin, activeCampaign());
    const member = await s.enroll();
    const answers = await Promise.all(Array.from({ length: 5 }, () => loginThrough(s, member.email, id)));
    const all = answers.flatMap(codes);
    expect(all.filter((c) => c.startsWith('MKT_LOGIN_CERT_SUCCESS_'))).toHaveLength(1);
    expect(all.filter((c) => c.startsWith('MKT_LOGIN_CERT_ALREADY_CLAIMED_'))).toHaveLength(4);
    expect(await offerStreams(s, member.paxId)).toBe(1);
  });

  it('answers OFFER ENDED for a campaign past its window or ended by an admin, and issues nothing', async () => {
    const past = await createCampaign(s, admin, activeCampaign({ fromDate: shiftDays(today(), -40), thruDate: shiftDays(today(), -10) }));
    const ended = await createCampaign(s, admin, activeCampaign({ statusTypeCode: 'ENDED' }));
    const member = await s.enroll();
    expect(codes(await loginThrough(s, member.email, past))).toEqual([`MKT_LOGIN_CERT_ENDED_${past}`]);
    expect(codes(await loginThrough(s, member.email, ended))).toEqual([`MKT_LOGIN_CERT_ENDED_${ended}`]);
    expect(await offerStreams(s, member.paxId)).toBe(0);
  });

  it('answers SORRY (not a member) outside the campaign’s participant group', async () => {
    const group = await s.call('POST', '/api/rest/participants/search', {
      token: admin,
      body: {
        name: 'New York only',
        logicalExpression: {
          logicalOperatorCode: 'AND',
          comparisonExpressions: [{ fieldCode: 'postalCode', comparisonOperatorCode: 'EQ', values: ['10001'] }],
          logicalExpressions: [],
        },
      },
    });
    expect(group.status).toBe(201);
    const id = await createCampaign(s, admin, activeCampaign({ groupId: group.body.id }));
    const irvine = await s.enroll({ postalCode: '92612' });
    const newYork = await s.enroll({ postalCode: '10001' });
    expect(codes(await loginThrough(s, irvine.email, id))).toEqual([`MKT_LOGIN_CERT_NOT_MEMBER_${id}`]);
    expect(codes(await loginThrough(s, newYork.email, id))).toEqual([`MKT_LOGIN_CERT_SUCCESS_${id}`]);
  });

  it('shows nothing for an unknown or draft campaign; issues silently when no login notification is wanted', async () => {
    const draft = await createCampaign(s, admin, { campaignName: 'Not yet' });
    const quiet = await createCampaign(s, admin, activeCampaign({ loginNotificationRequired: false }));
    const member = await s.enroll();
    expect(codes(await loginThrough(s, member.email, 999_999))).toEqual([]);
    expect(codes(await loginThrough(s, member.email, draft))).toEqual([]);
    expect(codes(await loginThrough(s, member.email, quiet))).toEqual([]);
    expect(await offerStreams(s, member.paxId)).toBe(1);
  });

  it('claims for a new member who enrolls through the link', async () => {
    const id = await createCampaign(s, admin, activeCampaign());
    const r = await s.call('POST', '/api/rest/enrollment', {
      body: {
        firstName: 'Nia',
        lastName: 'New',
        email: `nia-${Date.now()}@example.com`,
        password: 'Sturdy-pass-42',
        postalCode: '92612',
        dateOfBirth: '1990-01-01',
        termsAccepted: true,
        campaignId: id,
      },
    });
    expect(r.status).toBe(201);
    expect(codes(r)).toEqual([`MKT_LOGIN_CERT_SUCCESS_${id}`]);
  });

  it('refuses a campaign id that is not a whole number with a 400 naming the field, signing nobody in', async () => {
    const member = await s.enroll();
    const r = await loginThrough(s, member.email, 'spring');
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ path: 'body.campaignId', message: expect.any(String) }]);
    expect(r.body.authToken).toBeUndefined();
  });
});

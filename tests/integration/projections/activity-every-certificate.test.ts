import { randomUUID } from 'node:crypto';
import { DEMO } from '../../../server/seed/demo';
import { eventually } from '../../support/event-store-contract';
import { startTestServer, type TestServer } from '../../support/test-server';
import { activeCampaign, createCampaign, loginThrough } from '../campaigns/campaign-helpers';
import { award, readAfter, redeem } from '../ledger/ledger-helpers';

/**
 * Issue 54, item 13: the welcome certificate had an activity row; the campaign offer and a gift claimed from a friend,
 * both in the wallet, had none. One rule: every certificate in a member's wallet is in their activity, once.
 */
jest.setTimeout(60_000);
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = (await s.login(DEMO.admin.email)).token;
});
afterAll(() => s.stop());

type Header = { id: string; activityType: string; points: number; description: string };
const activityOf = async (paxId: number, token: string): Promise<Header[]> =>
  (await s.call('GET', `/api/rest/patients/${paxId}/activity-headers?size=50`, { token })).body.items;
const walletOf = async (token: string): Promise<{ id: string; gift?: { claimed: boolean } }[]> =>
  (await s.call('GET', '/api/rest/participants/~/certificates', { token })).body.items;
/** How many of the member's activity rows are about each certificate. */
const rowsPerCertificate = async (paxId: number) =>
  (
    await s.runtime.deps.pool.query<{ certificate_id: string; n: number }>(
      `SELECT detail->>'certificateId' AS certificate_id, count(*)::int AS n FROM rm_activity WHERE pax_id = $1 AND detail ? 'certificateId' GROUP BY 1`,
      [paxId],
    )
  ).rows;

it('gives every certificate in the wallet one activity row: a redeemed reward, a campaign offer and a gift claimed from a friend', async () => {
  // (The test server's members join without the welcome certificate; its row is welcome-certificate.test.ts's.)
  const member = await s.enroll();
  await award(s, admin, member.paxId, 500);
  expect((await redeem(s, member.token, member.paxId, 100)).status).toBe(201);
  const campaign = await createCampaign(s, admin, activeCampaign());
  expect((await loginThrough(s, member.email, campaign)).status).toBe(200);

  // A friend buys the member a gift, and the member claims it.
  const friend = await s.enroll();
  await award(s, admin, friend.paxId, 500);
  const order = await s.call('POST', `/api/rest/participants/${friend.paxId}/gift-certificates/orders`, {
    token: friend.token,
    body: {
      clientOrderId: randomUUID(),
      items: [
        {
          certificateCategoryCode: 'ASPIRE_GIFT',
          amount: 50,
          quantity: 1,
          isGift: true,
          recipientName: 'Pat',
          senderName: 'Sam',
          recipientEmail: member.email,
        },
      ],
    },
  });
  expect(order.status).toBe(201);
  await readAfter(s, '/api/rest/participants/~/certificates', friend.token, order.body.position);
  const claimed = await s.call('POST', '/api/rest/gift-certificates/claim', { token: member.token, body: { code: order.body.certificates[0].code } });
  expect(claimed.status).toBe(200);
  await readAfter(s, '/api/rest/participants/~/certificates', member.token, claimed.body.position);

  const wallet = await eventually(async () => {
    const items = await walletOf(member.token);
    expect(items).toHaveLength(3);
    return items;
  });
  const rows = await eventually(async () => {
    const r = await rowsPerCertificate(member.paxId);
    expect(r).toHaveLength(3);
    return r;
  });
  expect(Object.fromEntries(rows.map((r) => [r.certificate_id, r.n]))).toEqual(Object.fromEntries(wallet.map((c) => [c.id, 1])));

  const types = (await activityOf(member.paxId, member.token)).map((h) => h.activityType).sort();
  expect(types).toEqual(['BONUS POINTS EARNED', 'CERTIFICATE OFFER', 'GIFT CERTIFICATE CLAIMED', 'POINTS REDEEMED']);
  const activity = await activityOf(member.paxId, member.token);
  expect(activity.find((h) => h.activityType === 'GIFT CERTIFICATE CLAIMED')).toMatchObject({
    points: 0,
    description: 'Gift claimed: a $50 Aspire Gift Certificate',
  });
  expect(activity.find((h) => h.activityType === 'CERTIFICATE OFFER')).toMatchObject({
    points: 0,
    description: 'Offer: a $25 Spring Treatment Offer certificate',
  });

  // The friend's purchase stays theirs: one row, the points they spent.
  const friendRows = (await activityOf(friend.paxId, friend.token)).filter((h) => h.activityType === 'ASPIRE GIFT CERTIFICATES');
  expect(friendRows).toEqual([expect.objectContaining({ points: -500 })]);
});

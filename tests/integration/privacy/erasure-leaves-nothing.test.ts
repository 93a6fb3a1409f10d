import { randomUUID } from 'node:crypto';
import { parsePosition } from '../../../event-schemas/store/position';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { award, impersonate, readAfter } from '../ledger/ledger-helpers';
import { refCodeOf, stranger } from '../referrals/referral-helpers';
import { validAnswers } from '../surveys/survey-fixtures';
import { tablesHolding } from './table-scan';

jest.setTimeout(120_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.email);
});
afterAll(() => s.stop());

const unique = () => randomUUID().replace(/[-\d]/g, '').slice(0, 8);
const ok = (r: { status: number; body: unknown }, status: number) => expect([r.status, r.body]).toEqual([status, expect.anything()]);

/** Waits until the outbox holds a mail to `recipient`, and answers its body. */
async function mailTo(recipient: string): Promise<string> {
  const until = Date.now() + 10_000;
  for (;;) {
    const box = (await s.call('GET', `/api/rest/admin/outbox?recipient=${encodeURIComponent(recipient)}`, { token: admin.token })).body as { body: string }[];
    if (box.length || Date.now() > until) return box[0]?.body ?? '';
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function giftOrder(buyer: { paxId: number; token: string }, recipientName: string, senderName: string, recipientEmail: string) {
  const r = await s.call('POST', `/api/rest/participants/${buyer.paxId}/gift-certificates/orders`, {
    token: buyer.token,
    body: {
      clientOrderId: randomUUID(),
      items: [{ certificateCategoryCode: 'ASPIRE_GIFT', amount: 50, quantity: 1, isGift: true, recipientName, senderName, recipientEmail }],
    },
  });
  ok(r, 201);
  return { code: r.body.certificates[0].code as string, position: r.body.position as string };
}

/**
 * Every kind of personal data a member can leave (issue 54, item 1), each with a text of its own to look for: names,
 * every address they ever had (one removed before the erasure, one still pending), phones, failed sign-ins under each
 * address, a reset request, a referral both ways, gifts to and from them, their mail, a survey's free text, sessions
 * (their own and an impersonation of them) and staff reads of them in the access log.
 */
async function memberWithEverything() {
  const tag = unique();
  const firstName = `Quintessa${tag}`;
  const lastName = `Oakenshield${tag}`;
  const referrer = await s.enroll(stranger(`Referrer${tag}`));
  const m = await s.enroll({ firstName, lastName, phone: '714-555-0142', dateOfBirth: '1979-11-23', refCode: await refCodeOf(s, referrer) });
  const phone = '7145550142';
  // A failed sign-in under the address they joined with, which they later replace and remove.
  ok(await s.call('POST', '/api/rest/authenticate/login', { body: { username: m.email, password: 'Wrong-pass-1' } }), 401);
  const later = `later-${tag}@example.com`;
  ok(await s.call('POST', `/api/rest/participants/${m.paxId}/emails`, { token: m.token, body: { emailAddress: later } }), 202);
  const token = /confirm-email\?token=([\w-]+)/.exec(await mailTo(later))?.[1];
  ok(await s.call('POST', '/api/rest/participants/emails/confirm', { body: { token } }), 200);
  ok(await s.call('PUT', `/api/rest/participants/${m.paxId}/emails/${encodeURIComponent(later)}/preferred`, { token: m.token }), 200);
  ok(await s.call('DELETE', `/api/rest/participants/${m.paxId}/emails/${encodeURIComponent(m.email)}`, { token: m.token }), 200);
  // A failed sign-in and a reset request under the address they sign in with now, and one still pending.
  ok(await s.call('POST', '/api/rest/authenticate/login', { body: { username: later, password: 'Wrong-pass-2' } }), 401);
  expect((await s.call('POST', '/api/rest/authenticate/forgot-password', { body: { email: later } })).status).toBeLessThan(300);
  const pending = `pending-${tag}@example.com`;
  ok(await s.call('POST', `/api/rest/participants/${m.paxId}/emails`, { token: m.token, body: { emailAddress: pending } }), 202);
  // They refer a friend.
  const friend = await s.enroll(stranger(`Friend${tag}`, { refCode: await refCodeOf(s, m) }));
  // A gift from them to someone outside, and one to them from another member, which they claim.
  await award(s, admin.token, m.paxId, 500);
  const giftRecipient = `Giftee${tag}`;
  const giftRecipientEmail = `giftee-${tag}@example.com`;
  await giftOrder(m, `${giftRecipient} Person`, `${firstName} ${lastName}`, giftRecipientEmail);
  const gifter = await s.enroll(stranger(`Gifter${tag}`));
  await award(s, admin.token, gifter.paxId, 500);
  const toThem = await giftOrder(gifter, `${firstName} ${lastName}`, `Gifter${tag}`, later);
  await mailTo(giftRecipientEmail);
  await readAfter(s, '/api/rest/participants/~/certificates', gifter.token, toThem.position);
  const claimed = await s.call('POST', '/api/rest/gift-certificates/claim', { token: m.token, body: { code: toThem.code } });
  ok(claimed, 200);
  // A survey with a free-text answer of theirs.
  const surveys = (await s.call('GET', `/api/rest/participants/${m.paxId}/tests?testResultStatusTypeCode=ALL`, { token: m.token })).body as { id: number }[];
  const survey = (await s.call('GET', `/api/rest/tests/${surveys[0].id}/take`, { token: m.token })).body;
  const freeText = `My injector Dr. Marchetti${tag} was lovely`;
  const answers = validAnswers(survey);
  for (const a of answers.answers) if ('userResponse' in a) a.userResponse = freeText;
  expect(answers.answers.some((a) => a.userResponse === freeText)).toBe(true);
  const submitted = await s.call('POST', `/api/rest/participants/${m.paxId}/tests/${surveys[0].id}/responses`, { token: m.token, body: answers });
  expect(submitted.status).toBeLessThan(300);
  // Staff read them (the access log), and an admin impersonates them (a session of theirs held by the admin).
  ok(await s.call('GET', `/api/rest/participants/${m.paxId}`, { token: admin.token }), 200);
  await impersonate(s, admin.token, m.paxId);
  await readAfter(s, '/api/rest/participants/~/certificates', m.token, claimed.body.position);
  expect(await s.runtime.deps.progress.waitFor(parsePosition(submitted.body.position ?? claimed.body.position)!, 15_000)).toBe(true);
  return { ...m, firstName, lastName, phone, later, pending, freeText, giftRecipient, giftRecipientEmail, friend, referrer };
}

describe('an erasure (issue 54, item 1)', () => {
  it('leaves none of the personal data a member can leave, in any table', async () => {
    const m = await memberWithEverything();
    const needles = [m.firstName, m.lastName, m.email, m.later, m.pending, m.phone, m.freeText, m.giftRecipient, m.giftRecipientEmail];
    const before = await tablesHolding(s.runtime.deps.pool, needles);
    // Each planted where the inventory says (the old address is still in the throttle's counts).
    expect(before[m.email]).toEqual(expect.arrayContaining(['login_failures', 'config_audit']));
    expect(before[m.later]).toEqual(expect.arrayContaining(['login_failures', 'participants', 'participant_emails', 'rm_certificates']));
    expect(before[m.giftRecipientEmail]).toEqual(expect.arrayContaining(['rm_certificates', 'outbox']));
    const accessLog = await s.runtime.deps.pool.query('SELECT 1 FROM member_access_log WHERE pax_id = $1', [m.paxId]);
    expect(accessLog.rowCount).toBeGreaterThan(0);

    const r = await s.call('POST', `/api/rest/admin/participants/${m.paxId}/erasure`, {
      token: admin.token,
      body: { reason: 'Deletion request, ticket 5401' },
    });
    expect(r.status).toBe(202);
    expect(await s.runtime.deps.progress.waitFor(parsePosition(r.body.position)!, 15_000)).toBe(true);

    expect(await tablesHolding(s.runtime.deps.pool, needles)).toEqual(Object.fromEntries(needles.map((n) => [n, []])));
    // What is kept names no one: the access log's bare ids, and no session of theirs at all.
    const sessions = await s.runtime.deps.pool.query('SELECT 1 FROM sessions WHERE pax_id = $1', [m.paxId]);
    expect(sessions.rowCount).toBe(0);
    // The people around them keep their own accounts.
    for (const other of [m.friend, m.referrer]) expect((await s.call('GET', `/api/rest/participants/${other.paxId}`, { token: other.token })).status).toBe(200);
  });
});

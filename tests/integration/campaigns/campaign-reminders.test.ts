import { certificatesProjection } from '../../../projections/certificates/certificates.projection';
import { CERTIFICATE_COLUMNS } from '../../../projections/certificates/certificates-query';
import { resetProjection } from '../../../projections/runner';
import { runCampaignReminders } from '../../../server/campaigns';
import { DEMO } from '../../../server/seed/demo';
import { eventually } from '../../support/event-store-contract';
import { settle } from '../../support/settle';
import { startTestServer, type TestServer } from '../../support/test-server';
import { impersonate } from '../ledger/ledger-helpers';
import { activeCampaign, addEmailTemplate, createCampaign, loginThrough, mailTo, offerCertificates, shiftDays, us } from './campaign-helpers';

let clock = new Date();
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer({ now: () => clock });
  admin = (await s.login(DEMO.admin.email)).token;
});
afterAll(() => s.stop());

/** A campaign reminding `days` before expiry with a fresh template. */
async function remindingCampaign(days: number) {
  const expirationReminderTemplateId = await addEmailTemplate(
    s,
    admin,
    'Hi {firstName}, {amount} expires {expirationDate}',
    '{certificateName} from {campaignName}',
  );
  return createCampaign(s, admin, activeCampaign({ expirationReminderTemplateId, daysBeforeExpirationToSendReminder: days }));
}

/** A member who claims the campaign's offer now; answers the offer's dates once the read model has it. */
async function claimed(campaignId: number) {
  const member = await s.enroll({ firstName: 'Rae' });
  const r = await loginThrough(s, member.email, campaignId);
  const event = r.body.events[0] as { certificateId: string; activationDate: string; expirationDate: string };
  await eventually(async () => expect(await offerCertificates(s, member.token)).toHaveLength(1));
  return { ...member, ...event };
}

/** A run for `asOf` made on that date (noon in Los Angeles): the job also checks the offer against the real date. */
const run = async (asOf: string) => {
  clock = new Date(`${asOf}T20:00:00Z`);
  const r = await s.call('POST', '/api/rest/admin/jobs/campaign-reminders', { token: admin, body: { asOf } });
  expect(r.status).toBe(200);
  return r.body.remindersSent as number;
};
const reminders = async (email: string) => (await mailTo(s, admin, email)).filter((m) => m.subject.startsWith('Hi '));

describe('the nightly campaign-reminders job', () => {
  it('reminds on expiration - days, not before, never twice, never a VOID offer, and catches up a missed day', async () => {
    clock = new Date();
    const weekBefore = await remindingCampaign(7);
    const tenBefore = await remindingCampaign(10);
    const onTime = await claimed(weekBefore);
    const voided = await claimed(weekBefore);
    const missed = await claimed(tenBefore);
    const expiry = onTime.expirationDate;
    // Let the admin's asOf reach every date below (asOf may not be after the programme's today).
    clock = new Date(Date.now() + 200 * 86_400_000);

    const token = await impersonate(s, admin, voided.paxId);
    expect((await s.call('PUT', `/api/rest/certificates/${voided.certificateId}`, { token, body: { status: 'VOID' } })).status).toBe(200);
    await eventually(async () => expect((await offerCertificates(s, voided.token))[0].status).toBe('VOID'));

    // The 10-day offer was due on expiry - 10; the job did not run then, nor the day after: it goes now.
    expect(await run(shiftDays(expiry, -8))).toBe(1);
    expect(await reminders(missed.email)).toHaveLength(1);
    expect(await reminders(onTime.email)).toEqual([]);

    expect(await run(shiftDays(expiry, -7))).toBe(1);
    expect(await reminders(onTime.email)).toEqual([
      expect.objectContaining({ subject: `Hi Rae, $25.00 expires ${us(expiry)}`, body: expect.stringMatching(/^Spring Treatment Offer from Campaign /) }),
    ]);
    expect(await run(shiftDays(expiry, -7))).toBe(0);
    expect(await run(expiry)).toBe(0);
    for (const m of [onTime, missed]) expect(await reminders(m.email)).toHaveLength(1);
    expect(await reminders(voided.email)).toEqual([]);
  });

  it('does not remind an offer past its expiration date, nor one whose campaign sets no reminder', async () => {
    clock = new Date();
    const late = await remindingCampaign(7);
    const silentTemplate = await addEmailTemplate(s, admin, 'Hi silent', 'never');
    const silent = await createCampaign(s, admin, activeCampaign({ expirationReminderTemplateId: silentTemplate }));
    const a = await claimed(late);
    const b = await claimed(silent);
    // A catch-up run for its last day made the day after (the scheduler runs missed dates late) sends nothing either.
    clock = new Date(`${shiftDays(a.expirationDate, 1)}T20:00:00Z`);
    expect((await runCampaignReminders(s.runtime.deps, a.expirationDate)).remindersSent).toBe(0);
    expect(await run(shiftDays(a.expirationDate, 1))).toBe(0);
    expect(await reminders(a.email)).toEqual([]);
    await run(shiftDays(b.expirationDate, -1));
    expect(await reminders(b.email)).toEqual([]);
  });

  it('writes one message per certificate when four runs of the same day race (the outbox key, not luck)', async () => {
    clock = new Date();
    const campaign = await remindingCampaign(5);
    const members = [];
    for (let i = 0; i < 3; i++) members.push(await claimed(campaign));
    const day = shiftDays(members[0].expirationDate, -5);
    const sent = await Promise.all(Array.from({ length: 4 }, () => runCampaignReminders(s.runtime.deps, day)));
    // At least ours: offers of the tests above may fall due that day too.
    expect(sent.reduce((sum, r) => sum + r.remindersSent, 0)).toBeGreaterThanOrEqual(3);
    for (const m of members) expect(await reminders(m.email)).toHaveLength(1);
    const keys = await s.runtime.deps.pool.query(`SELECT idempotency_key FROM outbox WHERE idempotency_key = ANY($1)`, [
      members.map((m) => `campaign-reminder:${m.certificateId}`),
    ]);
    expect(keys.rowCount).toBe(3);
  });
});

describe('certificates projection with campaign offers', () => {
  it('rebuilt from position 0 equals the live-maintained read model, campaign ids included', async () => {
    const { pool, store } = s.runtime.deps;
    const snapshot = async () => (await pool.query(`SELECT ${CERTIFICATE_COLUMNS} FROM rm_certificates ORDER BY certificate_id`)).rows;
    await settle(pool, store, certificatesProjection);
    const live = await snapshot();
    expect(live.filter((r) => r.campaign_id !== null).length).toBeGreaterThanOrEqual(3);
    await resetProjection(pool, certificatesProjection);
    await settle(pool, store, certificatesProjection);
    expect(await snapshot()).toEqual(live);
  });
});

import { certificateStream, decodeEvent, enrollmentStream, memberStream } from '../../../event-schemas';
import { usDate } from '../../../event-schemas/calendar';
import { welcomeCertificateId } from '../../../server/certificates/welcome-certificate';
import { TERMS_REQUIRED_RULE, TERMS_VERSION } from '../../../event-schemas/contract/enrollment-consent';
import { settingsFromEnv } from '../../../server/config';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string };
beforeAll(async () => {
  // With the welcome certificate on, as the programme runs: the welcome e-mail carries it.
  s = await startTestServer({ settings: { ...settingsFromEnv(), welcomeCertificateCategory: 'WELCOME' } });
  admin = await s.login(DEMO.admin.email);
});
afterAll(() => s.stop());

let n = 0;
const body = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Consuela',
  lastName: 'Agreeable',
  email: `consent-${++n}-${Date.now()}@example.com`,
  password: 'Sturdy-pass-42',
  postalCode: '92612',
  dateOfBirth: '1988-07-04',
  termsAccepted: true,
  ...overrides,
});
const enroll = (b: Record<string, unknown>) => s.call('POST', '/api/rest/enrollment', { body: b });
const eventsOf = async (stream: string) =>
  (await s.runtime.deps.store.readStream(stream)).map((e) => {
    const { event, metadata } = decodeEvent(e.type, e.data, e.metadata);
    return { ...event, actor: metadata.actor };
  });
const mailTo = async (recipient: string) =>
  (await s.call('GET', `/api/rest/admin/outbox?recipient=${encodeURIComponent(recipient)}`, { token: admin.token })).body as {
    subject: string;
    body: string;
  }[];
const participants = async () => (await s.runtime.deps.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM participants')).rows[0].n;

describe('enrollment consent (issue 54, item 10)', () => {
  it.each([
    ['missing', {}, 'is required'],
    ['false', { termsAccepted: false }, TERMS_REQUIRED_RULE],
    ['the text "true"', { termsAccepted: 'true' }, TERMS_REQUIRED_RULE],
  ])('refuses terms not accepted (%s) with 400 naming body.termsAccepted, enrolling nobody', async (_what, terms, message) => {
    const { termsAccepted: _left, ...rest } = body();
    const before = await participants();
    const r = await enroll({ ...rest, ...terms });
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(r.body.errors).toEqual([{ path: 'body.termsAccepted', message }]);
    expect(await participants()).toBe(before);
  });

  it('refuses a marketing choice that is not true or false, naming the field', async () => {
    const r = await enroll(body({ marketingText: 'yes' }));
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.marketingText']);
  });

  it('records the terms version accepted and when, and the marketing consent given, as the member', async () => {
    const r = await enroll(body({ marketingEmail: false, marketingText: true }));
    expect(r.status).toBe(201);
    const paxId = r.body.pax.paxId as number;
    const actor = { kind: 'participant', paxId };
    const [accepted, consent, ...more] = await eventsOf(enrollmentStream(paxId));
    expect(more).toEqual([]);
    expect(accepted).toEqual({ type: 'TermsAccepted', data: { paxId, termsVersion: TERMS_VERSION, acceptedAt: expect.any(String) }, actor });
    if (accepted.type !== 'TermsAccepted') throw new Error(accepted.type);
    expect(Math.abs(Date.parse(accepted.data.acceptedAt) - Date.now())).toBeLessThan(60_000);
    expect(consent).toEqual({ type: 'MarketingConsentGiven', data: { paxId, emailMarketing: false, smsMarketing: true }, actor });
    // Their message preferences start from it: both differ from the programme's defaults, so both are set.
    const preferences = (await eventsOf(memberStream(paxId))).filter((e) => e.type === 'MessagePreferencesChanged');
    expect(preferences).toEqual([{ type: 'MessagePreferencesChanged', data: { paxId, emailMarketing: false, smsMarketing: true, via: 'enrollment' }, actor }]);
  });

  it('records no marketing consent the member did not give: both choices left out are both off', async () => {
    const r = await enroll(body());
    const paxId = r.body.pax.paxId as number;
    const consent = (await eventsOf(enrollmentStream(paxId))).filter((e) => e.type === 'MarketingConsentGiven');
    expect(consent.map((e) => e.data)).toEqual([{ paxId, emailMarketing: false, smsMarketing: false }]);
    const preferences = (await eventsOf(memberStream(paxId))).filter((e) => e.type === 'MessagePreferencesChanged');
    expect(preferences.map((e) => e.data)).toEqual([{ paxId, emailMarketing: false, smsMarketing: false, via: 'enrollment' }]);
  });

  it('adds nothing to the ledger’s stream when the consent given is the programme’s defaults (e-mail yes, texts no)', async () => {
    const r = await enroll(body({ marketingEmail: true, marketingText: false }));
    const paxId = r.body.pax.paxId as number;
    expect(await eventsOf(memberStream(paxId))).toEqual([]);
    const consent = (await eventsOf(enrollmentStream(paxId))).filter((e) => e.type === 'MarketingConsentGiven');
    expect(consent.map((e) => e.data)).toEqual([{ paxId, emailMarketing: true, smsMarketing: false }]);
  });

  it('sends one welcome e-mail through the outbox, with the welcome certificate and a link that confirms the address', async () => {
    const b = body();
    const r = await enroll(b);
    expect(r.status).toBe(201);
    const paxId = r.body.pax.paxId as number;
    const mails = await mailTo(b.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Welcome to Rewards: please confirm your e-mail address');
    const [issued] = await eventsOf(certificateStream(welcomeCertificateId(paxId)));
    if (issued.type !== 'CertificateIssued') throw new Error(issued.type);
    const { name, amount, code, expirationDate } = issued.data;
    expect(name).toBe('Welcome Certificate');
    expect(mails[0].body).toContain(`Your ${name} for $${amount} is in your wallet: code ${code}, valid through ${usDate(expirationDate)}.`);
    const confirmed = async () =>
      (await s.runtime.deps.pool.query('SELECT confirmed_at FROM participant_emails WHERE pax_id = $1', [paxId])).rows[0].confirmed_at as Date | null;
    expect(await confirmed()).toBeNull();
    const token = /\/profile\/confirm-email\?token=([\w-]+)/.exec(mails[0].body)?.[1];
    const confirm = await s.call('POST', '/api/rest/participants/emails/confirm', { body: { token } });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toEqual({ emailAddress: b.email });
    expect(await confirmed()).toBeInstanceOf(Date);
    // Still one address, the one they joined with.
    expect((await s.call('GET', `/api/rest/participants/${paxId}/emails`, { token: r.body.authToken })).body).toEqual([
      { emailAddress: b.email, preferred: 'Y' },
    ]);
  });

  it('lets a member who never confirms sign in, and reminds them once, some days after joining', async () => {
    const b = body();
    const r = await enroll(b);
    const paxId = r.body.pax.paxId as number;
    // A sign-in the day they joined reminds no one.
    await s.login(b.email, b.password);
    expect(await mailTo(b.email)).toHaveLength(1);
    await s.runtime.deps.pool.query(`UPDATE participants SET created_at = now() - interval '4 days' WHERE pax_id = $1`, [paxId]);
    await s.login(b.email, b.password);
    await s.login(b.email, b.password);
    const mails = await mailTo(b.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Reminder: please confirm your e-mail address',
      'Welcome to Rewards: please confirm your e-mail address',
    ]);
    const reminder = mails.find((m) => m.subject.startsWith('Reminder'))!;
    const token = /\/profile\/confirm-email\?token=([\w-]+)/.exec(reminder.body)?.[1];
    expect((await s.call('POST', '/api/rest/participants/emails/confirm', { body: { token } })).status).toBe(200);
  });
});

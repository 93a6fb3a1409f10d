import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { addDays, dateIn } from '../../event-schemas/calendar';
import { memberStream } from '../../event-schemas';
import { parsePosition } from '../../event-schemas/store/position';
import type { Caller } from '../auth/caller';
import { allRoutes } from '../composition-root';
import { decodeOrThrow } from '../core/decode';
import type { Reply } from '../core/route';
import type { Deps } from '../deps';
import { practiceMonthSteps } from './demo-practice-month';
import { recordEnrollmentConsent } from '../auth/enrollment-consent';
import { DEFAULT_PREFERENCES } from '../messaging/consent/change-preferences';

const DEFAULT_PREFERENCES_AS_CONSENT = { emailMarketing: DEFAULT_PREFERENCES.emailMarketing, smsMarketing: DEFAULT_PREFERENCES.smsMarketing };

/** What the demo's year of history is made of, oldest first: each step the member or the programme did, on a date. */
export interface Step {
  daysAgo: number;
  what: string;
  run: (call: Call) => Promise<unknown>;
}
export type Call = (
  method: 'get' | 'post',
  path: string,
  input: { params?: Record<string, unknown>; body?: unknown; query?: unknown },
  as: Caller,
) => Promise<Reply>;

const person = (paxId: number, isAdmin: boolean, firstName: string): Caller => ({
  kind: 'participant',
  paxId,
  firstName,
  lastName: '',
  isAdmin,
  impersonatorId: null,
  tokenHash: Buffer.alloc(0),
});
// A stand-in for what the handlers read off a request: nothing of the demo's steps depends on headers or sockets.
const request = { ip: '127.0.0.1', header: () => undefined, headers: {} } as unknown as Request;

/**
 * A believable year for the demo member, written through the product's own routes and commands (the same handlers
 * the HTTP API runs, with the clock set to each step's date), so every screen has something to show and every figure
 * comes from real events: processed and pending treatments, a partner purchase, bonus points, a survey, redemptions,
 * a lot that expired, certificates active and expired, a gift sent, and a promotion published with its forecast.
 * Seeded once: a demo member with any history is left alone.
 */
export async function seedDemoHistory(deps: Deps, log: (line: string) => void): Promise<boolean> {
  const ids = await deps.pool.query<{ pax_id: string; is_admin: boolean; first_name: string }>(
    `SELECT pax_id, is_admin, first_name FROM participants WHERE lower(username) IN ('member@example.com', 'admin@example.com')`,
  );
  const memberRow = ids.rows.find((r) => !r.is_admin);
  const adminRow = ids.rows.find((r) => r.is_admin);
  if (!memberRow || !adminRow) return false;
  const paxId = Number(memberRow.pax_id);
  if ((await deps.store.readStream(memberStream(paxId), { maxCount: 1 })).length > 0) return false;
  const practice = await deps.pool.query<{ practice_id: string; api_key_id: string }>(
    'SELECT practice_id, api_key_id FROM practice_api_keys ORDER BY api_key_id LIMIT 1',
  );
  const products = await deps.pool.query<{ id: string; category: string }>('SELECT id, category FROM products WHERE NOT retired ORDER BY id');
  const treatment = products.rows.filter((p) => p.category === 'TREATMENT').map((p) => Number(p.id));
  const partner = products.rows.find((p) => p.category === 'PARTNER');
  if (!practice.rowCount || treatment.length === 0) return false;

  const member = person(paxId, false, memberRow.first_name);
  const admin = person(Number(adminRow.pax_id), true, adminRow.first_name);
  const practiceCaller: Caller = {
    kind: 'practice',
    practiceId: Number(practice.rows[0].practice_id),
    apiKeyId: Number(practice.rows[0].api_key_id),
    staff: null,
  };
  const today = dateIn(deps.settings.timeZone, deps.now());
  let clock = deps.now();
  const routes = allRoutes({ ...deps, now: () => clock });
  const call: Call = async (method, path, input, as) => {
    const r = routes.find((x) => x.method === method && `${x.mount}${x.path}` === path);
    if (!r) throw new Error(`demo history: no route ${method} ${path}`);
    // Decoded by the route's own codecs, as an HTTP request is (server/core/mount.ts): defaults filled, strings parsed.
    const reply = await r.handler({
      params: r.params ? decodeOrThrow(r.params, input.params ?? {}, 'path') : (input.params ?? {}),
      query: r.query ? decodeOrThrow(r.query, input.query ?? {}, 'query') : (input.query ?? {}),
      body: r.body ? decodeOrThrow(r.body, input.body ?? {}, 'body') : (input.body ?? {}),
      caller: as,
      req: request,
      res: {} as Response,
    });
    if (reply === 'streamed' || reply.status >= 300) throw new Error(`demo history: ${method} ${path} answered ${reply === 'streamed' ? reply : reply.status}`);
    // Read-your-writes, as a client would: the next step may read what this one wrote (the nightly job reads treatments).
    const position = reply.headers?.['x-position'] ?? (reply.body as { position?: string } | undefined)?.position;
    const at = typeof position === 'string' ? parsePosition(position) : undefined;
    if (at) await deps.progress.waitFor(at, 5000);
    return reply;
  };
  const award = (amount: number, description: string, expirationDate?: string) => (c: Call) =>
    c(
      'post',
      '/api/rest/admin/participants/:paxId/points',
      { params: { paxId }, body: { amount, description, idempotencyKey: randomUUID(), ...(expirationDate ? { expirationDate } : {}) } },
      admin,
    );
  const visit = (daysAgo: number, lines: { productId: number; quantity: number }[], hcpName: string) => (c: Call) =>
    c(
      'post',
      '/api/rest/treatments',
      {
        body: {
          externalId: `demo-history-${daysAgo}`,
          paxId,
          dateOfService: addDays(today, -daysAgo),
          hcpName,
          lineItems: lines.map((l) => ({ ...l, injector: { firstName: 'Jordan', lastName: 'Injector' } })),
        },
      },
      practiceCaller,
    );
  const nightly = (job: string) => (c: Call) => c('post', `/api/rest/admin/jobs/${job}`, {}, admin);
  // A summer promotion an admin published through the wizard, its forecast recorded then, ended when its window closed:
  // the promotion results report sets what it paid against what it promised (its window held no qualifying treatment).
  let summerPromotion = '';
  const publishSummerPromotion = async (c: Call) => {
    const reply = await c(
      'post',
      '/api/rest/wizard/promotions',
      {
        query: { finalize: 'true' },
        body: {
          overview: {
            name: 'Summer Smooth',
            promotionCode: 'SUMMER-SMOOTH',
            description: '5 bonus points a unit on a treatment of 20 units or more, all summer.',
            fromDate: addDays(today, -239),
            thruDate: addDays(today, -150),
          },
          participants: { groupIds: [] },
          payoutAndRules: { awardType: 'POINT', rules: [{ name: 'Treatments, 20 units or more', metricIds: treatment, tiers: [{ target: 20, award: 5 }] }] },
          website: { tile: { title: 'Summer Smooth: 5 bonus points a unit' } },
        },
      },
      admin,
    );
    summerPromotion = (reply.body as { overview: { id: string } }).overview.id;
  };
  const redeem = (amount: number) => (c: Call) =>
    c('post', '/api/rest/participants/:paxId/points/redeem', { params: { paxId }, body: { amount, type: 'CONSUMER' } }, member);

  // The demo member joins on the day their history begins (issue 54, item 7: member search said "Enrolled" on the day
  // the database was seeded, after a year of history). Their enrolment event, the terms accepted, is recorded then as
  // the enrollment route records it, and the participant's enrolment instant is that event's. Their message
  // preferences stay the programme's defaults, so nothing is written to their ledger; they confirmed their address
  // then (a member a year in with an unconfirmed one is reminded at sign-in).
  const enrol = async () => {
    await recordEnrollmentConsent(deps, { paxId, acceptedAt: clock, ...DEFAULT_PREFERENCES_AS_CONSENT });
    await deps.pool.query('UPDATE participants SET created_at = $2 WHERE pax_id = $1', [paxId, clock]);
    await deps.pool.query('UPDATE participant_emails SET confirmed_at = $2 WHERE pax_id = $1 AND confirmed_at IS NULL', [paxId, clock]);
  };

  const steps: Step[] = [
    { daysAgo: 340, what: 'the member enrols', run: enrol },
    // The demo practice's last month: other patients' visits, certificates accepted, one void (demo-practice-month.ts).
    ...practiceMonthSteps({ today, practice: practiceCaller, admin, treatment }),
    { daysAgo: 340, what: 'a welcome bonus that will expire', run: award(500, 'Welcome to the programme', addDays(today, -150)) },
    { daysAgo: 320, what: 'a treatment', run: visit(320, [{ productId: treatment[0], quantity: 20 }], 'Dr. Avery Lane') },
    { daysAgo: 319, what: 'its nightly processing', run: nightly('process-treatments') },
    ...(partner
      ? [
          { daysAgo: 260, what: 'a partner purchase', run: visit(260, [{ productId: Number(partner.id), quantity: 2 }], 'Dr. Avery Lane') },
          { daysAgo: 259, what: 'its nightly processing', run: nightly('process-treatments') },
        ]
      : []),
    { daysAgo: 240, what: 'a summer promotion published', run: publishSummerPromotion },
    { daysAgo: 220, what: 'a redemption', run: redeem(200) },
    { daysAgo: 148, what: 'the summer promotion ended', run: (c) => c('post', '/api/rest/promotions/:id/end', { params: { id: summerPromotion } }, admin) },
    { daysAgo: 149, what: 'the welcome bonus left expires', run: nightly('expire-points') },
    { daysAgo: 150, what: 'a reward that will expire unused', run: redeem(100) },
    { daysAgo: 89, what: 'that reward expires', run: nightly('expire-certificates') },
    { daysAgo: 120, what: 'a second treatment', run: visit(120, [{ productId: treatment[treatment.length > 1 ? 1 : 0], quantity: 30 }], 'Dr. Morgan Reyes') },
    { daysAgo: 119, what: 'its nightly processing', run: nightly('process-treatments') },
    { daysAgo: 60, what: 'a thank-you bonus', run: award(250, 'Thank you for your review') },
    { daysAgo: 40, what: 'a reward to spend', run: redeem(300) },
    {
      daysAgo: 20,
      what: 'a gift for a friend',
      run: (c) =>
        c(
          'post',
          '/api/rest/participants/:paxId/gift-certificates/orders',
          {
            params: { paxId },
            body: {
              clientOrderId: randomUUID(),
              items: [
                {
                  certificateCategoryCode: 'ASPIRE_GIFT',
                  amount: 25,
                  quantity: 1,
                  isGift: true,
                  recipientName: 'Riley Friend',
                  senderName: memberRow.first_name,
                  recipientEmail: 'riley.friend@example.com',
                  giftMessage: 'Treat yourself!',
                },
              ],
            },
          },
          member,
        ),
    },
    { daysAgo: 3, what: 'a treatment still pending', run: visit(3, [{ productId: treatment[0], quantity: 10 }], 'Dr. Avery Lane') },
    { daysAgo: 1, what: 'a survey', run: (c) => takeFirstSurvey(c, paxId, member) },
  ];
  steps.sort((a, b) => b.daysAgo - a.daysAgo);
  let done = 0;
  for (const step of steps) {
    // Noon in the programme's time zone is about 20:00 UTC; the date is what matters.
    clock = new Date(`${addDays(today, -step.daysAgo)}T20:00:00Z`);
    try {
      await step.run(call);
    } catch (error) {
      log(`demo history: ${step.what} skipped (${(error as Error).message})`);
    }
    done += 1;
    log(`demo history ${done}/${steps.length}: ${step.what}, ${step.daysAgo} days ago`);
  }
  return true;
}

/** The demo member answers the first survey offered to them, picking the first answers of each question. */
async function takeFirstSurvey(call: Call, paxId: number, member: Caller) {
  const list = (await call('get', '/api/rest/participants/:paxId/tests', { params: { paxId }, query: { testResultStatusTypeCode: 'ALL' } }, member)).body as {
    id: number;
  }[];
  if (!list.length) return;
  const survey = (await call('get', '/api/rest/tests/:id/take', { params: { id: list[0].id } }, member)).body as {
    sections: { questions: { id: number; questionTypeCode: string; requiredAnswers: number; answers: { id: number }[] }[] }[];
  };
  const answers = survey.sections.flatMap((s) =>
    s.questions.map((q) =>
      q.questionTypeCode === 'USER_RESPONSE'
        ? { questionId: q.id, answerIds: [], userResponse: 'A friendly team and great results.' }
        : { questionId: q.id, answerIds: q.answers.slice(0, Math.max(1, q.requiredAnswers)).map((a) => a.id) },
    ),
  );
  await call('post', '/api/rest/participants/:paxId/tests/:id/responses', { params: { paxId, id: list[0].id }, body: { answers } }, member);
}

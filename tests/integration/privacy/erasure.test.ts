import { randomUUID } from 'node:crypto';
import { maxPosition, parsePosition } from '../../../event-schemas/store/position';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { award, redeem } from '../ledger/ledger-helpers';
import { lineItem, postTreatment, seededProducts, settled, treatmentBody } from '../treatments/treatment-helpers';
import { tablesHolding } from './table-scan';

jest.setTimeout(120_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.email);
});
afterAll(() => s.stop());

const PASSWORD = 'Sturdy-pass-42';
const eraseAsStaff = (paxId: number, body: unknown = { reason: 'Deletion request, ticket 4411' }) =>
  s.call('POST', `/api/rest/admin/participants/${paxId}/erasure`, { token: admin.token, body });
const eraseAsMember = (paxId: number, token: string, password = PASSWORD) =>
  s.call('POST', `/api/rest/participants/${paxId}/erasure`, { token, body: { password } });
const waitFor = (position: string) => ({ 'x-wait-for-position': position });

/** A member with something in every place the inventory lists: contacts, audit, mail, resets, throttle, a treatment, points, a certificate. */
async function plantedMember(tag: string) {
  const firstName = `Zephyrine${tag}`;
  const lastName = `Vandermolen${tag}`;
  const m = await s.enroll({ firstName, lastName, phone: '714-555-0188', dateOfBirth: '1984-03-09' });
  const phone = '7145550188';
  // A profile correction and a second phone: config_audit rows with the member's values.
  expect(
    (await s.call('PUT', `/api/rest/participants/${m.paxId}/profile`, { token: m.token, body: { firstName, lastName, postalCode: '92614' } })).status,
  ).toBe(200);
  expect((await s.call('POST', `/api/rest/participants/${m.paxId}/phones`, { token: m.token, body: { phone: '949-555-0177' } })).status).toBe(201);
  // A pending address (email_confirmations and a mail in the outbox), a reset link, a failed sign-in.
  const pending = `pending-${tag.toLowerCase()}-${Date.now()}@example.com`;
  expect((await s.call('POST', `/api/rest/participants/${m.paxId}/emails`, { token: m.token, body: { emailAddress: pending } })).status).toBe(202);
  expect((await s.call('POST', '/api/rest/authenticate/forgot-password', { body: { email: m.email } })).status).toBeLessThan(300);
  expect((await s.call('POST', '/api/rest/authenticate/login', { body: { username: m.email, password: 'Wrong-pass-1' } })).status).toBe(401);
  // Points (an award), a reward certificate bought with some of them, and a treatment with a practitioner.
  const award = await s.call('POST', `/api/rest/admin/participants/${m.paxId}/points`, {
    token: admin.token,
    // Free text in the log that names the person: sealed with their key (item 2), so it must read as erased after.
    body: { amount: 350, description: `Goodwill for ${firstName} ${lastName} (${m.email})`, idempotencyKey: randomUUID() },
  });
  expect(award.status).toBe(201);
  const redeemed = await redeem(s, m.token, m.paxId, 100);
  expect(redeemed.status).toBe(201);
  const products = await seededProducts(s, admin.token);
  const treatment = await postTreatment(s, treatmentBody(m.paxId, [lineItem(products.treatment.id, 2)], { hcpName: 'Dr. Holloway' }));
  expect(treatment.status).toBe(202);
  await settled(s, treatment);
  expect(await s.runtime.deps.progress.waitFor(parsePosition(redeemed.body.position)!, 15_000)).toBe(true);
  return { ...m, firstName, lastName, phone, pending };
}

const liability = async (position?: string) =>
  (await s.call('GET', '/api/rest/admin/reports/liability', { token: admin.token, headers: position ? waitFor(position) : {} })).body as {
    outstandingPoints: number;
    certificates: { category: string; count: number; value: number }[];
  };
const certificateCount = (l: { certificates: { count: number }[] }) => l.certificates.reduce((n, c) => n + c.count, 0);

describe('erasure (issue 25, item 4)', () => {
  it('removes the member from every table, keeps the ledger, and drops the liability by what they held', async () => {
    const m = await plantedMember('Alpha');
    const needles = [m.firstName, m.lastName, m.email, m.phone, m.pending];
    const before = await tablesHolding(s.runtime.deps.pool, needles);
    // The scan finds them first: names in participants, contacts, audit and mail; the addresses in the throttle.
    expect(before[m.firstName]).toEqual(expect.arrayContaining(['participants']));
    expect(before[m.email]).toEqual(expect.arrayContaining(['participant_emails', 'outbox', 'login_failures']));
    expect(before[m.phone]).toEqual(expect.arrayContaining(['participant_phones', 'config_audit']));
    expect(before[m.pending]).toEqual(expect.arrayContaining(['email_confirmations', 'outbox']));
    // plantedMember waited for its last writes to be in every read model.
    const liabilityBefore = await liability();
    // The log holds the award's description sealed, never in the clear, yet every reader sees it opened.
    for (const needle of [m.firstName, m.lastName, m.email]) expect(before[needle]).not.toContain('es_events');
    const opened = await s.call('GET', `/api/rest/admin/participants/${m.paxId}/timeline`, { token: admin.token });
    expect(opened.body.events.find((e: { type: string }) => e.type === 'PointsAwarded').data.description).toBe(
      `Goodwill for ${m.firstName} ${m.lastName} (${m.email})`,
    );

    const r = await eraseAsStaff(m.paxId);
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ paxId: m.paxId, erasedAt: expect.any(String), position: expect.any(String) });

    const after = await tablesHolding(s.runtime.deps.pool, needles);
    expect(after).toEqual(Object.fromEntries(needles.map((n) => [n, []])));

    // Idempotent: a second erasure is 409, by staff or anyone.
    expect((await eraseAsStaff(m.paxId)).status).toBe(409);
    // Signing in is 401, the old session too; staff search finds no one, by name or by id.
    expect((await s.call('POST', '/api/rest/authenticate/login', { body: { username: m.email, password: PASSWORD } })).status).toBe(401);
    expect((await s.call('GET', `/api/rest/participants/${m.paxId}/points`, { token: m.token })).status).toBe(401);
    for (const search of [m.lastName, String(m.paxId)]) {
      const found = await s.call('GET', `/api/rest/admin/participants?search=${encodeURIComponent(search)}`, { token: admin.token });
      expect(found.body.items).toEqual([]);
    }
    // Reads by their id say they were erased.
    const reads = ['', '/emails', '/phones', '/points', '/bonus-points', '/contacts/history', '/certificates', '/referrals', '/message-preferences', '/export'];
    for (const path of [...reads.map((r) => `/api/rest/participants/${m.paxId}${r}`), `/api/rest/patients/${m.paxId}/activity-headers`]) {
      const read = await s.call('GET', path, { token: admin.token });
      expect([path, read.status]).toEqual([path, 410]);
      expect(read.body.detail).toMatch(/was erased on/);
    }
    expect((await s.call('POST', '/api/rest/authenticate/impersonate', { token: admin.token, body: { paxId: m.paxId } })).status).toBe(410);

    // The support timeline keeps every ledger entry with its amount and cause, then the erasure and what it voided.
    const timeline = await s.call('GET', `/api/rest/admin/participants/${m.paxId}/timeline`, { token: admin.token });
    expect(timeline.status).toBe(200);
    const types = timeline.body.events.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(['PointsAwarded', 'PointsRedeemed', 'PointsForfeited', 'MemberErased']));
    // After the erasure, only what it caused: the member's active certificates voided (the support history shows
    // certificate changes too, issue 28).
    const caused = timeline.body.events.slice(types.lastIndexOf('MemberErased') + 1) as { type: string; data: { to?: string } }[];
    expect(caused.map((e) => [e.type, e.data.to])).toEqual(caused.map(() => ['CertificateStatusChanged', 'VOID']));
    expect(caused.length).toBeGreaterThan(0);
    const forfeited = timeline.body.events.filter((e: { type: string }) => e.type === 'PointsForfeited');
    // The treatment is still pending (the nightly job has not run): it holds no points yet.
    const held = 350 - 100;
    expect(forfeited.reduce((n: number, e: { data: { amount: number } }) => n + e.data.amount, 0)).toBe(held);
    expect(timeline.body.balanceAsOf).toBe(0);
    // The award keeps its amount and cause; its description, sealed with the destroyed key, reads as erased.
    expect(timeline.body.events.find((e: { type: string }) => e.type === 'PointsAwarded').data).toMatchObject({
      amount: 350,
      source: 'ADMIN',
      description: '[erased]',
    });
    expect(timeline.body.events.find((e: { type: string }) => e.type === 'MemberErased').data).toEqual({
      paxId: m.paxId,
      requestedBy: 'STAFF',
      reason: 'Deletion request, ticket 4411',
    });

    // The liability drops by their points and their certificate; the flow says where the points went.
    const liabilityAfter = await liability(r.body.position);
    expect(liabilityBefore.outstandingPoints - liabilityAfter.outstandingPoints).toBe(held);
    expect(certificateCount(liabilityBefore) - certificateCount(liabilityAfter)).toBe(1);
    const flow = await s.call(
      'GET',
      `/api/rest/admin/reports/points-flow?from=${r.body.erasedAt.slice(0, 8)}01&to=${r.body.erasedAt.slice(0, 10)}&interval=month`,
      {
        token: admin.token,
      },
    );
    expect(flow.body.items.reduce((n: number, i: { forfeited: number }) => n + i.forfeited, 0)).toBeGreaterThanOrEqual(held);

    // The read models keep amounts and blank what was about the person.
    const lots = await s.runtime.deps.pool.query('SELECT description, amount, remaining FROM rm_point_lots WHERE pax_id = $1', [m.paxId]);
    expect(lots.rows.map((l) => [l.description, Number(l.remaining)])).toEqual(lots.rows.map(() => ['[erased]', 0]));
    const treatments = await s.runtime.deps.pool.query('SELECT external_id FROM rm_treatments WHERE pax_id = $1', [m.paxId]);
    expect(treatments.rows).toEqual([{ external_id: '[erased]' }]);
    const activity = await s.runtime.deps.pool.query(`SELECT description, detail FROM rm_activity WHERE pax_id = $1 AND detail ? 'hcpName'`, [m.paxId]);
    expect(activity.rows[0].description).toBe('Treatment with [erased]');
    expect(JSON.stringify(activity.rows[0].detail)).not.toMatch(/Holloway|Injector/);
  });

  it('the member erases their own account with their password; another member or a wrong password is 403', async () => {
    const m = await s.enroll({ firstName: 'Odalys', lastName: 'Selfdelete' });
    const other = await s.enroll();
    expect((await eraseAsMember(m.paxId, other.token)).status).toBe(403);
    expect((await eraseAsMember(m.paxId, admin.token)).status).toBe(403);
    const wrong = await eraseAsMember(m.paxId, m.token, 'Not-my-pass-9');
    expect(wrong.status).toBe(403);
    expect(wrong.body.errors).toEqual([{ path: 'body.password', message: 'is not your password' }]);
    expect((await s.call('POST', `/api/rest/participants/${m.paxId}/erasure`, { token: m.token, body: {} })).status).toBe(400);
    // Nothing changed: they still sign in.
    expect((await s.call('POST', '/api/rest/authenticate/login', { body: { username: m.email, password: PASSWORD } })).status).toBe(200);

    const r = await eraseAsMember(m.paxId, m.token);
    expect(r.status).toBe(202);
    expect(r.body.paxId).toBe(m.paxId);
    expect((await s.call('GET', `/api/rest/participants/${m.paxId}`, { token: m.token })).status).toBe(401);
    expect((await s.call('POST', '/api/rest/authenticate/login', { body: { username: m.email, password: PASSWORD } })).status).toBe(401);
    const timeline = await s.call('GET', `/api/rest/admin/participants/${m.paxId}/timeline`, { token: admin.token });
    expect(timeline.body.events.at(-1)).toMatchObject({ type: 'MemberErased', data: { requestedBy: 'MEMBER', reason: null }, actor: { kind: 'participant' } });
    // The other member is untouched.
    expect((await s.call('GET', `/api/rest/participants/${other.paxId}`, { token: other.token })).status).toBe(200);
    // A practice can record nothing more for them: it would be a record of a patient who asked to be forgotten.
    const products = await seededProducts(s, admin.token);
    const late = await postTreatment(s, treatmentBody(m.paxId, [lineItem(products.treatment.id, 2)]));
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual([{ path: 'body.paxId', message: 'was erased at their request: record nothing more for them' }]);
  });

  it('counts wrong passwords with the sign-in’s: past the limit it answers 429 and erases nothing', async () => {
    const m = await s.enroll({ firstName: 'Guessed', lastName: `Throttle${randomUUID().replace(/[-\d]/g, '').slice(0, 6)}` });
    for (let i = 0; i < 5; i++) expect((await eraseAsMember(m.paxId, m.token, `Wrong-guess-${i}`)).status).toBe(403);
    const refused = await eraseAsMember(m.paxId, m.token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('900');
    // The right password is refused too while the account is locked, and sign-in is locked with it.
    expect((await s.call('POST', '/api/rest/authenticate/login', { body: { username: m.email, password: PASSWORD } })).status).toBe(429);
    expect((await s.call('GET', `/api/rest/participants/${m.paxId}`, { token: m.token })).status).toBe(200);
  });

  it('deletes the gift mail that carries a buyer’s name to someone else', async () => {
    const sender = `Sendername${randomUUID().replace(/[-\d]/g, '').slice(0, 8)}`;
    const buyer = await s.enroll({ firstName: sender });
    await award(s, admin.token, buyer.paxId, 500);
    const recipientEmail = `gift-to-${randomUUID()}@example.com`;
    const order = await s.call('POST', `/api/rest/participants/${buyer.paxId}/gift-certificates/orders`, {
      token: buyer.token,
      body: {
        clientOrderId: randomUUID(),
        items: [
          { certificateCategoryCode: 'ASPIRE_GIFT', amount: 50, quantity: 1, isGift: true, recipientName: 'Robin Friend', senderName: sender, recipientEmail },
        ],
      },
    });
    expect(order.status).toBe(201);
    const mailNaming = async () => (await s.runtime.deps.pool.query('SELECT id FROM outbox WHERE body LIKE $1 OR subject LIKE $1', [`%${sender}%`])).rowCount;
    const until = Date.now() + 10_000;
    while ((await mailNaming()) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(await mailNaming()).toBe(1);

    expect((await eraseAsStaff(buyer.paxId)).status).toBe(202);
    expect(await mailNaming()).toBe(0);
  });

  it('refuses bad requests and changes nothing: no reason is 400 on body.reason, a member is 403, an unknown id 404', async () => {
    const m = await s.enroll();
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const r = await eraseAsStaff(m.paxId, body);
      expect(r.status).toBe(400);
      expect(r.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.reason']);
    }
    expect((await s.call('POST', `/api/rest/admin/participants/${m.paxId}/erasure`, { token: m.token, body: { reason: 'x' } })).status).toBe(403);
    expect((await s.call('POST', `/api/rest/admin/participants/${m.paxId}/erasure`, { body: { reason: 'x' } })).status).toBe(401);
    expect((await eraseAsStaff(99_999_999)).status).toBe(404);
    expect((await s.call('GET', `/api/rest/participants/${m.paxId}`, { token: m.token })).status).toBe(200);
  });

  it('awards racing the erasure are either forfeited with the rest or refused: never a balance, never a description left', async () => {
    const award = (paxId: number, description: string, afterMs: number) =>
      new Promise<Awaited<ReturnType<TestServer['call']>>>((resolve, reject) =>
        setTimeout(
          () =>
            s
              .call('POST', `/api/rest/admin/participants/${paxId}/points`, {
                token: admin.token,
                body: { amount: 7, description, idempotencyKey: randomUUID() },
              })
              .then(resolve, reject),
          afterMs,
        ),
      );
    let refused = 0;
    let accepted = 0;
    for (let i = 0; i < 4; i++) {
      const m = await s.enroll();
      expect((await award(m.paxId, `Before ${i}`, 0)).status).toBe(201);
      // Awards staggered across the erasure's run: some land before its append, some after.
      const [erased, ...awards] = await Promise.all([eraseAsStaff(m.paxId), ...[0, 2, 5, 10, 20, 40, 80].map((ms) => award(m.paxId, `Racing ${i}/${ms}`, ms))]);
      expect(erased.status).toBe(202);
      for (const a of awards) expect([201, 410]).toContain(a.status);
      const won = awards.filter((a) => a.status === 201);
      accepted += won.length;
      refused += awards.length - won.length;
      const positions = [erased.body.position, ...won.map((a) => a.body.position)].map((p: string) => parsePosition(p)!);
      expect(await s.runtime.deps.progress.waitFor(positions.reduce(maxPosition), 15_000)).toBe(true);
      const timeline = (await s.call('GET', `/api/rest/admin/participants/${m.paxId}/timeline`, { token: admin.token })).body;
      const types: string[] = timeline.events.map((e: { type: string }) => e.type);
      // Every accepted award is in the ledger before the erasure and forfeited by it; a refused one is nowhere.
      expect(types.filter((t) => t === 'PointsAwarded')).toHaveLength(1 + won.length);
      expect(types.lastIndexOf('PointsAwarded')).toBeLessThan(types.indexOf('MemberErased'));
      const forfeited = timeline.events.filter((e: { type: string }) => e.type === 'PointsForfeited');
      expect(forfeited.reduce((n: number, e: { data: { amount: number } }) => n + e.data.amount, 0)).toBe(7 * (1 + won.length));
      expect(types.at(-1)).toBe('MemberErased');
      expect(timeline.balanceAsOf).toBe(0);
      const points = await s.runtime.deps.pool.query('SELECT balance FROM rm_member_points WHERE pax_id = $1', [m.paxId]);
      expect(Number(points.rows[0].balance)).toBe(0);
      const lots = await s.runtime.deps.pool.query('SELECT DISTINCT description FROM rm_point_lots WHERE pax_id = $1', [m.paxId]);
      expect(lots.rows).toEqual([{ description: '[erased]' }]);
    }
    // Both sides of the race happened in this run (the staggering spans the erasure), so both were checked.
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});

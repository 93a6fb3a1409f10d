import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { hashPassword } from '../../server/auth/passwords';
import { createSession } from '../../server/auth/sessions';
import { settingsFromEnv } from '../../server/config';
import { startRuntime } from '../../server/composition-root';
import { addApiKey } from '../../server/practices/api-keys';
import { ensureWelcomeCertificate } from '../../server/certificates/welcome-certificate';
import { LOOKUPS_PER_MINUTE } from '../../server/practices/lookup-throttle';
import { memberCodeKey, memberCodeOf } from '../../server/practices/member-code';
import { DEMO, seedDemo } from '../../server/seed/demo';
import { createTestDatabase } from '../support/test-db';
import { ms, summarize } from './stats';
import { dateIn } from '../../event-schemas/calendar';

/**
 * The practice side against its baselines, in one run, alternated call by call (issue 53's targets): a lookup by
 * member code and by phone against a member's read of their own record by primary key (at most 2x); a checkout's
 * check, a checkout (a treatment recorded through POST /practice/treatments, applying the member's certificate) and its
 * void against an admin award (at most 1.5x each); the
 * busiest practice's statement for the month (under 1 s). `BENCH_PRACTICE_MEMBERS` members (default 50,000) are
 * written straight into the participants' tables first, so the lookups' indexes have a programme's depth.
 */
export async function benchPractice(options = { members: Number(process.env.BENCH_PRACTICE_MEMBERS ?? 50_000), rounds: 150 }): Promise<string> {
  const db = await createTestDatabase({ migrate: false });
  const runtime = await startRuntime({
    databaseUrl: db.url,
    settings: settingsFromEnv(),
    embedded: true,
    log: () => undefined,
    poolSize: 20,
    runScheduler: false,
  });
  await seedDemo(runtime.deps.pool, () => undefined, runtime.deps.store);
  const server = runtime.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { pool } = runtime.deps;
  try {
    const started = Date.now();
    const hash = await hashPassword(DEMO.password, 10);
    await pool.query(
      `WITH p AS (INSERT INTO participants (first_name, last_name, username, password_hash, postal_code, date_of_birth)
                  SELECT 'Bench', 'Member ' || n, 'bench-practice-' || n || '@example.com', $2, '92612', '1980-01-01' FROM generate_series(1, $1) n RETURNING pax_id)
       INSERT INTO participant_phones (pax_id, phone, preferred) SELECT pax_id, (9495000000 + pax_id)::text, 'Y' FROM p`,
      [options.members, hash],
    );
    await pool.query('ANALYZE participants; ANALYZE participant_phones');
    const seeded = ((Date.now() - started) / 1000).toFixed(1);
    const ids = (
      await pool.query<{ pax_id: string }>(`SELECT pax_id FROM participants WHERE username LIKE 'bench-practice-%' ORDER BY random() LIMIT $1`, [
        options.rounds,
      ])
    ).rows.map((r) => Number(r.pax_id));
    // Each sampled member holds a certificate for the checkout to apply (their welcome certificate, as enrollment gives).
    await pool.query(`UPDATE participants SET welcome_category_code = 'WELCOME' WHERE pax_id = ANY($1::bigint[])`, [ids]);
    for (const paxId of ids) await ensureWelcomeCertificate(runtime.deps, paxId, { kind: 'system', job: 'bench' });
    const codes = new Map<number, string>();
    for (let tries = 0; codes.size < ids.length && tries < 200; tries++) {
      const r = await pool.query<{ pax_id: string; code: string }>('SELECT pax_id, code FROM rm_certificates WHERE pax_id = ANY($1::bigint[])', [ids]);
      for (const row of r.rows) codes.set(Number(row.pax_id), row.code);
      if (codes.size < ids.length) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (codes.size < ids.length) throw new Error('the sampled members’ certificates never reached the read model');
    const key = await memberCodeKey(pool);
    const admin = await createSession(pool, 1);
    const practiceId = Number((await pool.query<{ practice_id: string }>('SELECT min(practice_id) AS practice_id FROM practices')).rows[0].practice_id);
    // Lookups are rate-limited per key: the bench gives itself a key for each allowance it uses.
    const keys: string[] = [];
    for (let i = 0; i < Math.ceil((options.rounds * 2) / LOOKUPS_PER_MINUTE) + 1; i++) {
      const k = `bench-${randomUUID()}`;
      await addApiKey(pool, practiceId, k, 'bench');
      keys.push(k);
    }
    let lookups = 0;
    const practiceKey = () => keys[Math.floor(lookups++ / LOOKUPS_PER_MINUTE)];
    const product = (await (await fetch(`${base}/api/rest/products`, { headers: { 'x-api-key': DEMO.practiceKey } })).json()) as {
      id: number;
      category: string;
    }[];
    const treatmentProduct = product.find((p) => p.category === 'TREATMENT')!.id;
    const timed = async (call: () => Promise<Response>, status: number) => {
      const t = performance.now();
      const r = await call();
      const body = await r.text();
      if (r.status !== status) throw new Error(`${r.status} ${body}`);
      return { ms: performance.now() - t, body };
    };
    const json = { 'content-type': 'application/json' };
    const samples = {
      read: [] as number[],
      code: [] as number[],
      phone: [] as number[],
      award: [] as number[],
      check: [] as number[],
      checkout: [] as number[],
      void: [] as number[],
    };
    const today = dateIn(runtime.deps.settings.timeZone, new Date());
    for (const paxId of ids) {
      const token = await createSession(pool, paxId);
      samples.read.push((await timed(() => fetch(`${base}/api/rest/participants/${paxId}`, { headers: { 'auth-token': token } }), 200)).ms);
      samples.code.push(
        (
          await timed(
            () => fetch(`${base}/api/rest/practice/patients?memberCode=${memberCodeOf(key, paxId)}`, { headers: { 'x-api-key': practiceKey() } }),
            200,
          )
        ).ms,
      );
      samples.phone.push(
        (await timed(() => fetch(`${base}/api/rest/practice/patients?phone=${9495000000 + paxId}`, { headers: { 'x-api-key': practiceKey() } }), 200)).ms,
      );
      samples.award.push(
        (
          await timed(
            () =>
              fetch(`${base}/api/rest/admin/participants/${paxId}/points`, {
                method: 'POST',
                headers: { 'auth-token': admin, ...json },
                body: JSON.stringify({ amount: 10, description: 'bench', idempotencyKey: randomUUID() }),
              }),
            201,
          )
        ).ms,
      );
      samples.check.push(
        (
          await timed(
            () =>
              fetch(`${base}/api/rest/practice/patients/${paxId}/checkout-check`, {
                method: 'POST',
                headers: { 'x-api-key': DEMO.practiceKey, ...json },
                body: JSON.stringify({
                  dateOfService: today,
                  lineItems: [{ productId: treatmentProduct, quantity: 3 }],
                  redeemedCertificateCodes: [codes.get(paxId)],
                }),
              }),
            200,
          )
        ).ms,
      );
      const recorded = await timed(
        () =>
          fetch(`${base}/api/rest/practice/treatments`, {
            method: 'POST',
            headers: { 'x-api-key': DEMO.practiceKey, ...json },
            body: JSON.stringify({
              externalId: `bench-${randomUUID()}`,
              paxId,
              dateOfService: today,
              hcpName: 'Dr. Bench',
              lineItems: [{ productId: treatmentProduct, quantity: 3, injector: { firstName: 'Ina', lastName: 'Injector' } }],
              redeemedCertificateCodes: [codes.get(paxId)],
            }),
          }),
        202,
      );
      samples.checkout.push(recorded.ms);
      const { treatmentId } = JSON.parse(recorded.body) as { treatmentId: string };
      samples.void.push(
        (
          await timed(
            () =>
              fetch(`${base}/api/rest/practice/treatments/${treatmentId}/void`, {
                method: 'POST',
                headers: { 'x-api-key': DEMO.practiceKey, ...json },
                body: JSON.stringify({ reason: 'bench' }),
              }),
            200,
          )
        ).ms,
      );
    }
    const statementTimes: number[] = [];
    for (let i = 0; i < 20; i++)
      statementTimes.push(
        (await timed(() => fetch(`${base}/api/rest/practice/statements?month=${today.slice(0, 7)}`, { headers: { 'x-api-key': DEMO.practiceKey } }), 200)).ms,
      );
    const p = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, summarize(v).p50])) as Record<keyof typeof samples, number>;
    const ratio = (a: number, b: number, target: number) => `${(a / b).toFixed(2)}x (target at most ${target}x: ${a / b <= target ? 'met' : 'NOT met'})`;
    const statement = summarize(statementTimes);
    return [
      `practice side: ${options.members.toLocaleString('en-US')} members written in ${seeded} s; ${options.rounds} rounds, each call once a round, alternated`,
      `  member reads own record (baseline)   p50 ${ms(p.read)}`,
      `  lookup by member code                p50 ${ms(p.code)}   ${ratio(p.code, p.read, 2)}`,
      `  lookup by phone                      p50 ${ms(p.phone)}   ${ratio(p.phone, p.read, 2)}`,
      `  admin award (baseline)               p50 ${ms(p.award)}`,
      `  checkout check (ticket, certificate) p50 ${ms(p.check)}   ${ratio(p.check, p.award, 1.5)}`,
      `  checkout (record with a certificate) p50 ${ms(p.checkout)}   ${ratio(p.checkout, p.award, 1.5)}`,
      `  void (pending, certificate given back) p50 ${ms(p.void)}   ${ratio(p.void, p.award, 1.5)}`,
      `  the month's statement (${options.rounds} treatments, ${options.rounds} voids)  p50 ${ms(statement.p50)}  max ${ms(statement.max)}   (target under 1 s: ${statement.max < 1000 ? 'met' : 'NOT met'})`,
    ].join('\n');
  } finally {
    server.close();
    await runtime.stop();
    await db.drop();
  }
}

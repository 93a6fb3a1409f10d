import type { AddressInfo } from 'node:net';
import { createSession } from '../../server/auth/sessions';
import { settingsFromEnv } from '../../server/config';
import { startRuntime } from '../../server/composition-root';
import { dateIn } from '../../event-schemas/calendar';
import { addDays } from '../../server/points/dates';
import { createTestDatabase } from '../support/test-db';
import { ms, summarize } from './stats';

/**
 * POST /wizard/promotions/forecast over `treatments` processed treatments of `members` members spread over the last
 * 90 days (target: under 2 s). The treatments are written straight into the payout process's own table (what the
 * forecast reads), as 100,000 treatments through the engine would take the bench minutes to prepare. Baseline: a
 * plain read of the same rows in the same run, the floor any replay must pay.
 */
export async function benchPromotionForecast(options = { treatments: 100_000, members: 5_000, requests: 8 }): Promise<string> {
  const db = await createTestDatabase({ migrate: false });
  const settings = settingsFromEnv();
  const runtime = await startRuntime({ databaseUrl: db.url, settings, embedded: true, log: () => undefined, poolSize: 10, runScheduler: false });
  const server = runtime.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { pool } = runtime.deps;
  const today = dateIn(settings.timeZone, new Date());
  try {
    const started = Date.now();
    const products = await pool.query<{ id: string }>(
      `INSERT INTO products (name, category, brand, msrp_per_unit, points_per_unit) VALUES ('Bench neuromodulator', 'TREATMENT', 'A', 14, 2), ('Bench filler', 'TREATMENT', 'A', 750, 100), ('Bench serum', 'PARTNER', 'A', 120, 10) RETURNING id`,
    );
    const [neuro, filler, serum] = products.rows.map((r) => Number(r.id));
    await pool.query(
      `INSERT INTO promotion_payout_treatments (treatment_id, pax_id, date_of_service, lines, processed)
       SELECT gen_random_uuid(), 1 + i % $2, $3::date - (i % 90), jsonb_build_array(
                jsonb_build_object('productId', $4::int, 'quantity', 1 + (i * 7919) % 40),
                jsonb_build_object('productId', CASE WHEN i % 3 = 0 THEN $5::int ELSE $6::int END, 'quantity', 1 + i % 2)), true
         FROM generate_series(1, $1) i`,
      [options.treatments, options.members, today, neuro, filler, serum],
    );
    await pool.query('VACUUM ANALYZE promotion_payout_treatments');
    const seeded = ((Date.now() - started) / 1000).toFixed(1);
    const admin = await pool.query<{ pax_id: string }>(
      `INSERT INTO participants (first_name, last_name, username, password_hash, is_admin) VALUES ('Bench', 'Admin', 'forecast-admin@example.com', 'x', true) RETURNING pax_id`,
    );
    const token = await createSession(pool, Number(admin.rows[0].pax_id));
    const record = {
      overview: { fromDate: addDays(today, 10), thruDate: addDays(today, 40) },
      payoutAndRules: {
        awardType: 'POINT',
        rewardDailyCap: 150,
        rules: [
          {
            name: 'Neuromodulator',
            metricIds: [neuro],
            tiers: [
              { target: 10, award: 2 },
              { target: 30, award: 3, max: 120 },
            ],
          },
          { name: 'Filler', metricIds: [filler], tiers: [{ target: 1, award: 100, payMethod: 'flat' }] },
        ],
      },
    };
    let answer: Record<string, unknown> = {};
    const forecastSamples: number[] = [];
    const readSamples: number[] = [];
    for (let i = 0; i < options.requests; i++) {
      let t = performance.now();
      const r = await fetch(`${base}/api/rest/wizard/promotions/forecast`, {
        method: 'POST',
        headers: { 'auth-token': token, 'content-type': 'application/json' },
        body: JSON.stringify(record),
      });
      answer = (await r.json()) as Record<string, unknown>;
      if (r.status !== 200) throw new Error(`forecast: ${r.status} ${JSON.stringify(answer)}`);
      forecastSamples.push(performance.now() - t);
      t = performance.now();
      await pool.query(`SELECT pax_id, date_of_service, lines FROM promotion_payout_treatments WHERE processed AND date_of_service BETWEEN $1 AND $2`, [
        addDays(today, -89),
        today,
      ]);
      readSamples.push(performance.now() - t);
    }
    const f = summarize(forecastSamples);
    const read = summarize(readSamples);
    return [
      `promotion forecast: ${options.treatments.toLocaleString('en-US')} processed treatments of ${options.members.toLocaleString('en-US')} members over 90 days (seeded in ${seeded} s), ${options.requests} requests`,
      `  answer: ${answer.treatments} treatments paid, ${answer.members} members, ${answer.points} points (lookback ${answer.lookback})`,
      `  POST /wizard/promotions/forecast  p50 ${ms(f.p50)}  max ${ms(f.max)}   target under 2 s: ${f.max < 2000 ? 'met' : 'NOT met'}`,
      `  baseline: plain read of the rows   p50 ${ms(read.p50)}  max ${ms(read.max)}`,
      `  ratio forecast/read (p50): ${(f.p50 / read.p50).toFixed(2)}x`,
    ].join('\n');
  } finally {
    server.close();
    await runtime.stop();
    await db.drop();
  }
}

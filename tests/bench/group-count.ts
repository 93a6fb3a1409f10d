import type { AddressInfo } from 'node:net';
import { createSession } from '../../server/auth/sessions';
import { settingsFromEnv } from '../../server/config';
import { startRuntime } from '../../server/composition-root';
import { createTestDatabase } from '../support/test-db';
import { ms, summarize } from './stats';

const cmp = (fieldCode: string, comparisonOperatorCode: string, ...values: (string | number)[]) => ({ fieldCode, comparisonOperatorCode, values });
const and = (c: unknown[], l: unknown[] = []) => ({ logicalOperatorCode: 'AND', comparisonExpressions: c, logicalExpressions: l });
const or = (c: unknown[], l: unknown[] = []) => ({ logicalOperatorCode: 'OR', comparisonExpressions: c, logicalExpressions: l });

/**
 * GET /participants/search/{id} (the group and its member count) against `members` participants. Baseline: the
 * member read by primary key (GET /participants/{paxId}) in the same run. Postal codes cycle through 100 values,
 * dates of birth over 70 years, enrolment over 3 years, e-mail domains over 50.
 */
export async function benchGroupCount(options = { members: 300_000, requests: 60, concurrency: 2 }): Promise<string> {
  const db = await createTestDatabase({ migrate: false });
  const runtime = await startRuntime({
    databaseUrl: db.url,
    settings: settingsFromEnv(),
    embedded: true,
    log: () => undefined,
    poolSize: 10,
    runScheduler: false,
  });
  const server = runtime.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { pool } = runtime.deps;
  try {
    const started = Date.now();
    await pool.query(
      `INSERT INTO participants (first_name, last_name, username, password_hash, postal_code, date_of_birth, created_at)
       SELECT 'First' || i, 'Last' || i, 'count' || i || '@example.com', 'x', (92500 + i % 100)::text,
              date '1940-01-01' + ((i::bigint * 7919) % 25567)::int, timestamptz '2023-01-01' + ((i::bigint * 104729) % 1096) * interval '1 day'
       FROM generate_series(1, $1) i`,
      [options.members],
    );
    await pool.query(
      `INSERT INTO participant_emails (pax_id, email_address, preferred) SELECT pax_id, 'm' || pax_id || '@d' || (pax_id % 50) || '.com', 'Y' FROM participants WHERE username LIKE 'count%'`,
    );
    await pool.query('VACUUM ANALYZE participants');
    await pool.query('VACUUM ANALYZE participant_emails');
    const seeded = ((Date.now() - started) / 1000).toFixed(1);
    const admin = await pool.query<{ pax_id: string }>(
      `INSERT INTO participants (first_name, last_name, username, password_hash, is_admin) VALUES ('Bench', 'Admin', 'count-admin@example.com', 'x', true) RETURNING pax_id`,
    );
    const token = await createSession(pool, Number(admin.rows[0].pax_id));
    const headers = { 'auth-token': token, 'content-type': 'application/json' };

    const groups: [string, unknown][] = [
      ['one postal code (1/100)', and([cmp('postalCode', 'EQ', '92512')])],
      [
        'nested: (zip prefix AND (age 21-35 OR enrolled 2025))',
        and([cmp('postalCode', 'STARTS_WITH', '9251')], [or([cmp('ageYears', 'BETWEEN', 21, 35), cmp('enrolledDate', 'GTE', '2025-01-01')])]),
      ],
      ['broad: age 18 or over (most members)', and([cmp('ageYears', 'GTE', 18)])],
      ['e-mail domain (1/50)', and([cmp('emailDomain', 'EQ', 'd7.com')])],
    ];
    const ids: number[] = [];
    const counts: number[] = [];
    for (const [, logicalExpression] of groups) {
      const r = await fetch(`${base}/api/rest/participants/search`, { method: 'POST', headers, body: JSON.stringify({ logicalExpression }) });
      ids.push(((await r.json()) as { id: number }).id);
    }

    const measure = async (path: (n: number) => string, onBody?: (b: { memberCount: number }) => void) => {
      const samples: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: options.concurrency }, async () => {
          while (next < options.requests) {
            const url = `${base}${path(next++)}`;
            const t0 = performance.now();
            const res = await fetch(url, { headers });
            const body = await res.json();
            samples.push(performance.now() - t0);
            if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
            onBody?.(body as { memberCount: number });
          }
        }),
      );
      return summarize(samples);
    };
    const byKey = (n: number) => `/api/rest/participants/${1 + ((n * 7919) % options.members)}`;
    await measure(byKey); // warm-up
    const baseline = await measure(byKey);
    const line = (label: string, s: ReturnType<typeof summarize>, extra = '') =>
      `  ${label.padEnd(56)} p50 ${ms(s.p50).padStart(9)}  p99 ${ms(s.p99).padStart(9)}  ${(s.p50 / baseline.p50).toFixed(1)}x baseline p50${extra}`;
    const lines = [
      `group member count, ${options.members.toLocaleString('en-US')} members (seeded in ${seeded} s), ${options.requests} requests each, ${options.concurrency} concurrent:`,
      line('baseline: GET /participants/{paxId}', baseline),
    ];
    for (const [i, [label]] of groups.entries()) {
      let count = 0;
      const s = await measure(
        () => `/api/rest/participants/search/${ids[i]}`,
        (b) => (count = b.memberCount),
      );
      counts.push(count);
      lines.push(line(label, s, `  (${count.toLocaleString('en-US')} members)`));
    }
    return lines.join('\n');
  } finally {
    server.closeAllConnections();
    server.close();
    await runtime.stop();
    await db.drop();
  }
}

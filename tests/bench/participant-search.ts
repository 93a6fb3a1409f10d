import type { AddressInfo } from 'node:net';
import { createSession } from '../../server/auth/sessions';
import { settingsFromEnv } from '../../server/config';
import { startRuntime } from '../../server/composition-root';
import { createTestDatabase } from '../support/test-db';
import { ms, summarize } from './stats';

const LAST_NAMES = [
  'Alvarez',
  'Bennett',
  'Chen',
  'Dubois',
  'Edwards',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ito',
  'Jensen',
  'Kowalski',
  'Lopez',
  'Moreau',
  'Nguyen',
  'Okafor',
  'Patel',
];

/**
 * GET /admin/participants?search= against a programme of `members` participants. Baseline: the member read by
 * primary key (GET /participants/{paxId}) in the same run; a search must stay within a small multiple of it
 * however many members there are, except for deliberately broad prefixes, which are reported on their own.
 */
export async function benchParticipantSearch(options = { members: 300_000, requests: 300, concurrency: 4 }): Promise<string> {
  const db = await createTestDatabase({ migrate: false });
  const runtime = await startRuntime({
    databaseUrl: db.url,
    settings: settingsFromEnv(),
    embedded: true,
    log: () => undefined,
    poolSize: 20,
    runScheduler: false,
  });
  const server = runtime.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { pool } = runtime.deps;
  try {
    const started = Date.now();
    // Set-based seeding: names cycle through 16 surnames with a numeric suffix, so prefixes have known selectivity.
    await pool.query(
      `INSERT INTO participants (first_name, last_name, username, password_hash, postal_code)
       SELECT 'First' || i, ($2::text[])[1 + i % 16] || i, 'bench' || i || '@example.com', 'x', '92612' FROM generate_series(1, $1) i`,
      [options.members, LAST_NAMES],
    );
    await pool.query(
      `INSERT INTO participant_emails (pax_id, email_address, preferred) SELECT pax_id, username, 'Y' FROM participants WHERE username LIKE 'bench%'`,
    );
    await pool.query('VACUUM ANALYZE participants');
    await pool.query('VACUUM ANALYZE participant_emails');
    const seeded = ((Date.now() - started) / 1000).toFixed(1);
    const admin = await pool.query<{ pax_id: string }>(
      `INSERT INTO participants (first_name, last_name, username, password_hash, is_admin) VALUES ('Bench', 'Admin', 'bench-admin@example.com', 'x', true) RETURNING pax_id`,
    );
    const token = await createSession(pool, Number(admin.rows[0].pax_id));
    const some = (n: number) => 1 + ((n * 7919) % options.members);

    const measure = async (path: (n: number) => string) => {
      const samples: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: options.concurrency }, async () => {
          while (next < options.requests) {
            const url = `${base}${path(next++)}`;
            const t0 = performance.now();
            const res = await fetch(url, { headers: { 'auth-token': token } });
            await res.json();
            if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
            samples.push(performance.now() - t0);
          }
        }),
      );
      return summarize(samples);
    };
    const byKey = (n: number) => `/api/rest/participants/${some(n)}`;
    const cases: [string, (n: number) => string][] = [
      ['member number', (n) => `/api/rest/admin/participants?search=${some(n)}`],
      ['full last name', (n) => `/api/rest/admin/participants?search=${LAST_NAMES[some(n) % 16]}${some(n)}`],
      ['e-mail prefix', (n) => `/api/rest/admin/participants?search=bench${some(n)}%40`],
      ['first + last name', (n) => `/api/rest/admin/participants?search=First${some(n)}%20${LAST_NAMES[some(n) % 16]}`],
      ['broad: surname prefix (1/16 of all)', (n) => `/api/rest/admin/participants?search=${LAST_NAMES[n % 16].slice(0, 3)}&page=${n % 5}`],
    ];
    await measure(byKey); // warm-up
    const baseline = await measure(byKey);
    const line = (label: string, s: ReturnType<typeof summarize>) =>
      `  ${label.padEnd(38)} p50 ${ms(s.p50).padStart(9)}  p99 ${ms(s.p99).padStart(9)}  ${(s.p99 / baseline.p99).toFixed(2)}x baseline p99`;
    const lines = [
      `participant search, ${options.members.toLocaleString('en-US')} members (seeded in ${seeded} s), ${options.requests} requests each, ${options.concurrency} concurrent:`,
      line('baseline: GET /participants/{paxId}', baseline),
    ];
    for (const [label, path] of cases) lines.push(line(label, await measure(path)));
    return lines.join('\n');
  } finally {
    server.closeAllConnections();
    server.close();
    await runtime.stop();
    await db.drop();
  }
}

import type { AddressInfo } from 'node:net';
import { createSession } from '../../server/auth/sessions';
import { settingsFromEnv } from '../../server/config';
import { startRuntime } from '../../server/composition-root';
import { seedDemo } from '../../server/seed/demo';
import { createTestDatabase } from '../support/test-db';

/**
 * Redemptions per second through the HTTP API with `clients` concurrent callers: all on one hot member (every
 * request contends for the same stream revision and retries) against spread over many members (no contention).
 * The spread figure is the baseline measured in the same run.
 */
export async function benchRedemptions(options = { clients: 8, seconds: 4, members: 64 }): Promise<string> {
  const db = await createTestDatabase({ migrate: false });
  const runtime = await startRuntime({ databaseUrl: db.url, settings: settingsFromEnv(), embedded: true, log: () => undefined, poolSize: 30 });
  await seedDemo(runtime.deps.pool, () => undefined);
  const server = runtime.app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const admin = await createSession(runtime.deps.pool, 1);
    const member = async (i: number) => {
      const r = await runtime.deps.pool.query<{ pax_id: string }>(
        `INSERT INTO participants (first_name, last_name, username, password_hash) VALUES ('Bench', 'Redeemer', $1, 'x') RETURNING pax_id`,
        [`redeem${i}@example.com`],
      );
      const paxId = Number(r.rows[0].pax_id);
      const res = await fetch(`${base}/api/rest/admin/participants/${paxId}/points`, {
        method: 'POST',
        headers: { 'auth-token': admin, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 100_000, description: 'bench stock', idempotencyKey: `stock-${i}` }),
      });
      if (res.status !== 201) throw new Error(`stocking member ${i}: ${res.status}`);
      return { paxId, token: await createSession(runtime.deps.pool, paxId) };
    };
    const hot = await member(0);
    const spread = await Promise.all(Array.from({ length: options.members }, (_, i) => member(i + 1)));
    const run = async (pick: (client: number, n: number) => { paxId: number; token: string }) => {
      const until = performance.now() + options.seconds * 1000;
      let ok = 0;
      let failed = 0;
      await Promise.all(
        Array.from({ length: options.clients }, async (_, client) => {
          for (let n = 0; performance.now() < until; n++) {
            const m = pick(client, n);
            const res = await fetch(`${base}/api/rest/participants/${m.paxId}/points/redeem`, {
              method: 'POST',
              headers: { 'auth-token': m.token, 'content-type': 'application/json' },
              body: JSON.stringify({ amount: 100, type: 'CONSUMER' }),
            });
            await res.arrayBuffer();
            if (res.status === 201) ok++;
            else failed++;
          }
        }),
      );
      return { perSecond: ok / options.seconds, failed };
    };
    const spreadResult = await run((client, n) => spread[(client * 997 + n) % spread.length]);
    const hotResult = await run(() => hot);
    const line = (label: string, r: { perSecond: number; failed: number }, ratio: number) =>
      `  ${label.padEnd(44)} ${r.perSecond.toFixed(0).padStart(6)} redemptions/s  ${ratio.toFixed(2)}x baseline${r.failed ? `  (${r.failed} refused)` : ''}`;
    return [
      `Redemptions through the API, ${options.clients} concurrent clients, ${options.seconds} s per phase:`,
      line(`baseline: spread over ${options.members} members`, spreadResult, 1),
      line('one hot member (every request contends)', hotResult, hotResult.perSecond / spreadResult.perSecond),
    ].join('\n');
  } finally {
    server.closeAllConnections();
    server.close();
    await runtime.stop();
    await db.drop();
  }
}

import { PgListener } from '../adapters/pg-listener';
import { allMigrations, openEventStore, PROCESS_NAMES, registeredReadModels } from '../composition-root';
import { serverSettingsFromEnv, settingsFromEnv } from '../config';
import { migrate } from '../db/migrate';
import { SEED_APPLICATION_NAME, seedSynthetic } from '../seed/synthetic/seed-synthetic';
import { commandPool, connectToLocalDatabase } from './local-database';
import { progressBar, stepLines } from './progress-bar';

const USAGE = 'usage: npm run seed:synthetic -- --members N [--seed S]';

function options(argv: string[]): { members: number; seed: number } {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i < 0 ? undefined : argv[i + 1];
  };
  const members = Number(value('--members'));
  const seed = Number(value('--seed') ?? 1);
  if (!Number.isInteger(members) || members < 1 || members > 50_000_000) throw new Error(`--members must be a whole number from 1 to 50,000,000\n${USAGE}`);
  if (!Number.isInteger(seed) || seed < 0 || seed > 2 ** 31) throw new Error(`--seed must be a whole number from 0 to 2^31\n${USAGE}`);
  return { members, seed };
}

/**
 * `npm run seed:synthetic -- --members N [--seed S]`: a programme of N synthetic members with about two years of
 * history in the configured database (the embedded one under DATA_DIR by default, DATABASE_URL otherwise), with the
 * server stopped. Synthetic member n signs in as synthetic-{n}@example.com with the demo password (CONTRACT.md).
 */
async function main() {
  const { members, seed } = options(process.argv.slice(2));
  const settings = settingsFromEnv();
  const server = serverSettingsFromEnv();
  const local = await connectToLocalDatabase(server);
  const stop = local.stop;
  // Every connection of this command (the pool's, the listener's) names it, so the check for a running server skips them.
  const named = new URL(local.url);
  named.searchParams.set('application_name', SEED_APPLICATION_NAME);
  const url = named.toString();
  const pool = commandPool(url);
  const listener = new PgListener(url);
  try {
    await migrate(pool, allMigrations());
    const store = await openEventStore(pool, listener, server.eventStoreConnectionString);
    if (store.backend !== 'postgresql') throw new Error('the synthetic seed writes the PostgreSQL event table in bulk; unset EVENTSTORE_CONNECTION_STRING');
    const bars = new Map<string, ReturnType<typeof progressBar>>();
    const started = performance.now();
    const result = await seedSynthetic({
      pool,
      store,
      settings,
      readModels: registeredReadModels(settings),
      processNames: PROCESS_NAMES,
      members,
      seed,
      now: new Date(),
      step: stepLines(process.stderr, started),
      progress: (phase, done, total) => {
        const key = phase.split(' ')[0];
        const bar = bars.get(key) ?? bars.set(key, progressBar()).get(key)!;
        bar(phase, done, total);
      },
    });
    const seconds = (performance.now() - started) / 1000;
    process.stderr.write(
      `\n${result.members} members (pax ${result.firstPaxId} to ${result.firstPaxId + result.members - 1}), ${result.events} events: ` +
        `written in ${result.writeSeconds.toFixed(1)} s (${Math.round(result.events / result.writeSeconds)} events/s), ` +
        `read models rebuilt in ${result.projectSeconds.toFixed(1)} s; ${seconds.toFixed(1)} s in all\n`,
    );
    await store.close();
  } finally {
    await listener.close();
    await pool.end();
    await stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

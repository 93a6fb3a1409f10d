import pg from 'pg';
import { PgListener } from '../adapters/pg-listener';
import { allMigrations, openEventStore, registeredReadModels } from '../composition-root';
import { serverSettingsFromEnv, settingsFromEnv } from '../config';
import { migrate } from '../db/migrate';
import { reapplyErasures } from '../privacy/reapply-erasures';
import { commandPool, connectToLocalDatabase } from './local-database';
import { progressBar } from './progress-bar';

/** The application name of this command's connections, so the check for a running server skips them. */
const APPLICATION_NAME = 'reapply-erasures';

/**
 * A server on a restored database would let members erased since the backup sign in, and serve their data, until the
 * erasures are re-applied: run this first, with the server stopped.
 */
async function refuseWhileOthersConnected(pool: pg.Pool): Promise<void> {
  const r = await pool.query<{ n: string; names: string }>(
    `SELECT count(*) AS n, string_agg(DISTINCT coalesce(nullif(application_name, ''), 'unnamed'), ', ') AS names
       FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND application_name <> $1`,
    [APPLICATION_NAME],
  );
  if (Number(r.rows[0].n) > 0)
    throw new Error(
      `${r.rows[0].n} other session(s) (${r.rows[0].names}) are connected to the database: stop the server, re-apply the erasures, then start it again`,
    );
}

/**
 * `npm run privacy:reapply-erasures`: after restoring a backup taken before some erasures (server/privacy/README.md,
 * "Backups"), makes the database say again what it said after every erasure the log records: tables blanked, keys
 * destroyed, sessions and links gone, read models caught up past MemberErased, certificates voided. On the configured
 * database (the embedded one under DATA_DIR by default, DATABASE_URL otherwise), with the server stopped. Safe to run
 * again: a second run changes nothing and says so.
 */
async function main() {
  const settings = settingsFromEnv();
  const server = serverSettingsFromEnv();
  const local = await connectToLocalDatabase(server);
  const named = new URL(local.url);
  named.searchParams.set('application_name', APPLICATION_NAME);
  const url = named.toString();
  const pool = commandPool(url);
  const listener = new PgListener(url);
  try {
    await migrate(pool, allMigrations());
    await refuseWhileOthersConnected(pool);
    const store = await openEventStore(pool, listener, server.eventStoreConnectionString);
    const bars = new Map<string, ReturnType<typeof progressBar>>();
    const summary = await reapplyErasures({ pool, store, readModels: registeredReadModels(settings), now: () => new Date() }, (p) => {
      const bar = bars.get(p.step) ?? bars.set(p.step, progressBar()).get(p.step)!;
      bar(p.step === 'tables' ? 'erased members' : p.step === 'keys' ? 'their keys' : p.step, p.done, p.total);
    });
    process.stderr.write(
      `\n${summary.erasedInLog} member(s) erased in the log: ${summary.reapplied} re-erased (${summary.rowsChanged} row(s) and key(s) removed again), ` +
        `${summary.erasedInLog - summary.reapplied - summary.withoutRow} already erased, ${summary.withoutRow} without a row; ` +
        `read models replayed ${summary.readModelEvents} event(s); ${summary.certificatesVoided} certificate(s) voided\n`,
    );
    await store.close();
  } finally {
    await listener.close();
    await pool.end();
    await local.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

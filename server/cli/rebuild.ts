import { rebuildReadModels } from '../../projections/rebuild';
import { PgListener } from '../adapters/pg-listener';
import { allMigrations, openEventStore, registeredReadModels } from '../composition-root';
import { serverSettingsFromEnv, settingsFromEnv } from '../config';
import { migrate } from '../db/migrate';
import { commandPool, connectToLocalDatabase } from './local-database';
import { progressBar, stepLines } from './progress-bar';

/**
 * `npm run projections:rebuild [name ...]`: rebuilds the named read models (all when none) from position 0, in one
 * shared pass into shadow tables swapped in at the end (the server may keep serving meanwhile). The read models,
 * migrations and event store are the composition root's, so a rebuild replays exactly what the server keeps.
 */
async function main() {
  const settings = settingsFromEnv();
  const server = serverSettingsFromEnv();
  const models = registeredReadModels(settings);
  const names = process.argv.slice(2);
  const unknown = names.filter((n) => !models.some((p) => p.name === n));
  if (unknown.length) {
    console.error(`Unknown projection ${unknown.join(', ')}. Known: ${models.map((p) => p.name).join(', ')}`);
    process.exit(2);
  }
  const targets = names.length ? models.filter((p) => names.includes(p.name)) : models;
  const { url, stop } = await connectToLocalDatabase(server);
  const pool = commandPool(url);
  await migrate(pool, allMigrations());
  const listener = new PgListener(url);
  const store = await openEventStore(pool, listener, server.eventStoreConnectionString);
  const bar = progressBar();
  const result = await rebuildReadModels(pool, store, targets, (p) => bar(p.projection, p.applied, p.total), undefined, undefined, {
    onStep: stepLines(),
  });
  process.stderr.write(
    `\n${targets.map((p) => p.name).join(', ')}: ${result.applied} events replayed in ${result.seconds.toFixed(1)} s (${result.eventsPerSecond} events/s), swapped in\n`,
  );
  await store.close();
  await listener.close();
  await pool.end();
  await stop();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

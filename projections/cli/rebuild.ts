import pg from 'pg';
import { createPgEventStore } from '../../server/adapters/pg-event-store';
import { PgListener } from '../../server/adapters/pg-listener';
import { migrate } from '../../server/db/migrate';
import type { EventStore } from '../../server/ports/event-store';
import { rebuildProjection } from '../rebuild';
import { allProjections, projectionByName } from '../registry';
import { connectToLocalDatabase } from './local-database';
import { progressBar } from './progress-bar';

/** `npm run projections:rebuild [name ...]`: rebuilds the named read models (all when none) from position 0. */
async function main() {
  const names = process.argv.slice(2);
  const unknown = names.filter((n) => !projectionByName(n));
  if (unknown.length) {
    console.error(`Unknown projection ${unknown.join(', ')}. Known: ${allProjections.map((p) => p.name).join(', ')}`);
    process.exit(2);
  }
  const targets = names.length ? names.map((n) => projectionByName(n)!) : allProjections;
  const { url, stop } = await connectToLocalDatabase();
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  await migrate(pool);
  const listener = new PgListener(url);
  let store: EventStore;
  if (process.env.EVENTSTORE_CONNECTION_STRING) {
    const { createEsdbEventStore } = await import('../../server/adapters/esdb-event-store');
    store = await createEsdbEventStore(process.env.EVENTSTORE_CONNECTION_STRING);
  } else store = await createPgEventStore(pool, listener);
  for (const projection of targets) {
    const bar = progressBar();
    const started = Date.now();
    const applied = await rebuildProjection(pool, store, projection, (p) => bar(p.projection, p.applied, p.total));
    process.stderr.write(`\n${projection.name}: ${applied} events replayed in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
  await store.close();
  await listener.close();
  await pool.end();
  await stop();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

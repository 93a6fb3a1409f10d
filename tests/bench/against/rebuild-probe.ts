import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { EventStore } from '../../../event-schemas/store/event-store';
import { readModels } from '../../../projections/registry';
import { rebuildReadModels } from '../../../projections/rebuild';
import * as root from '../../../server/composition-root';
import { createPgEventStore } from '../../../server/adapters/pg-event-store';
import { PgListener } from '../../../server/adapters/pg-listener';
import { settingsFromEnv } from '../../../server/config';
import { appendHistory, planHistory } from '../../support/generated-history';
import { createTestDatabase } from '../../support/test-db';
import { postgresCpuReader } from '../pg-cpu';
import { cpuSecondsOfStat } from '../process-cpu';

/**
 * One round of `bench rebuild --against` (see award-probe.ts for how it reaches the other tree): a generated history
 * (AGAINST_EVENTS, 30,000 by default), one rebuild of every read model to warm the code, then one measured, as CPU:
 * this thread's and the cluster's. Prints `AGAINST <json>`.
 */
const EVENTS = Number(process.env.AGAINST_EVENTS ?? 30_000);
const threadCpuSeconds = () => cpuSecondsOfStat(readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8'));

async function round() {
  const db = await createTestDatabase();
  await db.pool.query(`ALTER DATABASE "${new URL(db.url).pathname.slice(1)}" SET synchronous_commit = off`);
  const pool = new pg.Pool({ connectionString: db.url, max: 20 });
  pool.on('error', () => undefined);
  const listener = new PgListener(db.url);
  // The store the server opens, where the tree has one (it seals personal fields, issue 25); before that, the plain one.
  const open = (root as { openEventStore?: (pool: pg.Pool, listener: PgListener) => Promise<EventStore> }).openEventStore;
  const store = open ? await open(pool, listener) : await createPgEventStore(pool, listener);
  const models = readModels(settingsFromEnv());
  try {
    const appended = await appendHistory(store, planHistory({ total: EVENTS, members: 600 }));
    await rebuildReadModels(pool, store, models);
    const postgresCpu = await postgresCpuReader(pool);
    if (!postgresCpu) throw new Error('bench --against needs the PostgreSQL cluster on this machine, to read its CPU from /proc');
    const nodeBefore = threadCpuSeconds();
    const postgresBefore = postgresCpu();
    await rebuildReadModels(pool, store, models);
    const nodeCpuSeconds = threadCpuSeconds() - nodeBefore;
    const postgresCpuSeconds = postgresCpu() - postgresBefore;
    return { events: appended, nodeCpuSeconds, postgresCpuSeconds, eventsPerCpuSecond: appended / (nodeCpuSeconds + postgresCpuSeconds) };
  } finally {
    await listener.close();
    await pool.end();
    await db.drop();
  }
}

round().then(
  (r) => {
    console.log(`AGAINST ${JSON.stringify(r)}`);
    process.exit(0);
  },
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);

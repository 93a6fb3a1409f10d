import pg from 'pg';
import { decodeEvent } from '../../event-schemas';
import { PgListener } from '../../server/adapters/pg-listener';
import { commandPool, connectToLocalDatabase } from '../../server/cli/local-database';
import { openEventStore } from '../../server/composition-root';
import { serverSettingsFromEnv } from '../../server/config';
import { postgresCpuMeter } from './process-cpu';

/** Issue 24's rebuild target, which these floors are held against. */
const TARGET_EVENTS_PER_SECOND = 50_000;
const BATCH = 5_000;

const us = (seconds: number, events: number) => ((seconds / events) * 1e6).toFixed(2);

/**
 * `npm run bench rebuild-floor`: what any replay of the configured database's log must spend at the least, held against
 * the rebuild's target (issue 24: 50,000 events/s on this machine), so a rebuild's figure can be read against what the
 * machine allows. Baseline: the budget the target leaves an event, both cores busy (and Node's one thread).
 * - Read: the whole log read as a rebuild reads it (batches of 5,000 through the sealing store, the next read under way
 *   while one is decoded) and every event decoded, nothing applied.
 * - Write: every read model table's rows written once into a fresh copy of it with its keys and indexes, set-based
 *   inside PostgreSQL: less than a replay writes (no updates, no reads, no round trips), so a floor.
 * Nothing the server reads is changed (the copies are dropped). Run it with no server and no other work on the machine.
 */
export async function benchRebuildFloor(): Promise<string> {
  const local = await connectToLocalDatabase(serverSettingsFromEnv());
  const pool = commandPool(local.url);
  const listener = new PgListener(local.url);
  const store = await openEventStore(pool, listener);
  const out: string[] = [];
  const say = (line: string) => {
    out.push(line);
    process.stderr.write(`${line}\n`);
  };
  try {
    // Read floor.
    const readMeter = postgresCpuMeter();
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    let events = 0;
    let next = store.readAll('start', BATCH);
    for (;;) {
      const read = await next;
      if (read.length === 0) break;
      next = store.readAll(read[read.length - 1].position, BATCH);
      for (const s of read) decodeEvent(s.type, s.data, s.metadata);
      events += read.length;
      if (events % 1_000_000 < BATCH)
        process.stderr.write(`  read ${events.toLocaleString('en-US')} events, ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    }
    if (events === 0) throw new Error('the log is empty: fill the database first (npm run seed:synthetic -- --members 1000000)');
    const readWall = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const readNode = (cpu.user + cpu.system) / 1e6;
    const readPostgres = readMeter.stop();

    // Write floor.
    const db = new pg.Client({ connectionString: local.url });
    await db.connect();
    let rows = 0;
    const writeMeter = postgresCpuMeter();
    const writeStarted = performance.now();
    try {
      const tables = await db.query<{ name: string }>(
        `SELECT relname AS name FROM pg_stat_user_tables WHERE schemaname = 'public' AND relname LIKE 'rm\\_%' ORDER BY relname`,
      );
      await db.query('DROP SCHEMA IF EXISTS rebuild_floor CASCADE; CREATE SCHEMA rebuild_floor');
      for (const { name } of tables.rows) {
        await db.query(`CREATE TABLE rebuild_floor.${name} (LIKE public.${name} INCLUDING ALL)`);
        rows += (await db.query(`INSERT INTO rebuild_floor.${name} SELECT * FROM public.${name}`)).rowCount ?? 0;
        process.stderr.write(`  wrote ${name}, ${((performance.now() - writeStarted) / 1000).toFixed(0)} s\n`);
      }
    } finally {
      await db.query('DROP SCHEMA IF EXISTS rebuild_floor CASCADE');
      await db.end();
    }
    const writeWall = (performance.now() - writeStarted) / 1000;
    const writePostgres = writeMeter.stop();

    const budgetTwoCores = (2 / TARGET_EVENTS_PER_SECOND) * 1e6;
    const budgetNode = (1 / TARGET_EVENTS_PER_SECOND) * 1e6;
    const floor = (readNode + readPostgres + writePostgres) / events;
    say(`rebuild floor: ${events.toLocaleString('en-US')} events, ${rows.toLocaleString('en-US')} read model rows`);
    say(
      `  baseline: ${TARGET_EVENTS_PER_SECOND.toLocaleString('en-US')} events/s leaves ${budgetTwoCores.toFixed(1)} us of CPU an event on 2 busy cores, ${budgetNode.toFixed(1)} us on Node's one thread`,
    );
    say(
      `  read and decode the log       ${readWall.toFixed(1)} s (${Math.round(events / readWall).toLocaleString('en-US')} events/s); Node ${us(readNode, events)} us an event (${((readNode / events / (budgetNode / 1e6)) * 100).toFixed(0)}% of its thread's budget), PostgreSQL ${us(readPostgres, events)} us`,
    );
    say(`  write the read models' rows   ${writeWall.toFixed(1)} s; PostgreSQL ${us(writePostgres, events)} us an event`);
    say(
      `  the floors together           ${(floor * 1e6).toFixed(2)} us an event: ${((floor / (budgetTwoCores / 1e6)) * 100).toFixed(0)}% of the two cores' budget before any event is applied`,
    );
    return out.join('\n');
  } finally {
    await store.close();
    await listener.close();
    await pool.end();
    await local.stop();
  }
}

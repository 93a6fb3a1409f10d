import type pg from 'pg';

/** Backends report their table counts within 10 s of going idle (PostgreSQL 15 and later). */
const STATS_SETTLE_MS = 11_000;

export interface StatementCounts {
  awards: number;
  /** Statements clients sent, per award, less what the idle server sends over as long. */
  statementsPerAward: number;
  /** Statements run inside functions (es_append's), per award. */
  nestedPerAward: number;
  /** Rows inserted, updated and deleted, per award, by table (the idle server's taken off). */
  rowsWrittenPerAward: number;
  rowsByTable: Record<string, number>;
  /** The statements that took PostgreSQL longest, with their calls and execution ms per award (the idle server's not taken off). */
  topStatements: { calls: number; ms: number; query: string }[];
}

interface Snapshot {
  statements: number;
  nested: number;
  rows: Map<string, number>;
  top: { calls: number; ms: number; query: string }[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function tracking(pool: pg.Pool, track: 'all' | 'none'): Promise<void> {
  await pool.query(`ALTER SYSTEM SET pg_stat_statements.track = '${track}'`);
  await pool.query('SELECT pg_reload_conf()');
  // Each backend takes the new setting when it next reads a command; a moment lets the reload signal reach them.
  await sleep(200);
}

async function rowsWritten(pool: pg.Pool): Promise<Map<string, number>> {
  const r = await pool.query<{ relname: string; n: string }>('SELECT relname, n_tup_ins + n_tup_upd + n_tup_del AS n FROM pg_stat_user_tables');
  return new Map(r.rows.map((row) => [row.relname, Number(row.n)]));
}

/** What the database was sent while `work` ran, read from pg_stat_statements (reset first) and pg_stat_user_tables. */
async function snapshotWhile(pool: pg.Pool, work: () => Promise<void>): Promise<Snapshot> {
  await sleep(STATS_SETTLE_MS);
  const rowsBefore = await rowsWritten(pool);
  await pool.query('SELECT pg_stat_statements_reset()');
  await work();
  await sleep(STATS_SETTLE_MS);
  const sums = await pool.query<{ toplevel: boolean; calls: string }>(
    `SELECT toplevel, sum(calls) AS calls FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) GROUP BY toplevel`,
  );
  const top = await pool.query<{ calls: string; ms: number; query: string }>(
    `SELECT calls, total_exec_time AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) AS query FROM pg_stat_statements
     WHERE toplevel AND dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) ORDER BY total_exec_time DESC LIMIT 15`,
  );
  const rowsAfter = await rowsWritten(pool);
  const rows = new Map([...rowsAfter].map(([t, n]) => [t, n - (rowsBefore.get(t) ?? 0)]));
  const calls = (toplevel: boolean) => Number(sums.rows.find((r) => r.toplevel === toplevel)?.calls ?? 0);
  return { statements: calls(true), nested: calls(false), rows, top: top.rows.map((r) => ({ calls: Number(r.calls), ms: Number(r.ms), query: r.query })) };
}

/**
 * Counts the statements and rows written per award while `awards` runs (it answers how many it made), and takes off
 * what the idle server does over as long (the daemon's polls, the status sampler). pg_stat_statements tracks only
 * here: it is loaded in the cluster but set to track nothing while CPU is measured.
 */
export async function countWhile(pool: pg.Pool, awards: () => Promise<number>): Promise<StatementCounts> {
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await tracking(pool, 'all');
  try {
    let made = 0;
    let busyMs = 0;
    const busy = await snapshotWhile(pool, async () => {
      const started = performance.now();
      made = await awards();
      busyMs = performance.now() - started;
    });
    const idle = await snapshotWhile(pool, async () => {
      await sleep(busyMs);
    });
    const rowsByTable: Record<string, number> = {};
    let rowsTotal = 0;
    for (const [table, n] of busy.rows) {
      const net = (n - (idle.rows.get(table) ?? 0)) / made;
      rowsTotal += net;
      if (Math.abs(net) >= 0.005) rowsByTable[table] = Number(net.toFixed(3));
    }
    return {
      awards: made,
      statementsPerAward: (busy.statements - idle.statements) / made,
      nestedPerAward: (busy.nested - idle.nested) / made,
      rowsWrittenPerAward: rowsTotal,
      rowsByTable,
      topStatements: busy.top.map((s) => ({ calls: Number((s.calls / made).toFixed(3)), ms: Number((s.ms / made).toFixed(4)), query: s.query })),
    };
  } finally {
    await tracking(pool, 'none');
  }
}

import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { allMigrations } from '../../server/composition-root';
import { checksumOf, migrate } from '../../server/db/migrate';

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/**
 * The admin URL of worker `workerId`'s PostgreSQL: each jest worker has a cluster of its own (pg-global-setup.mjs says
 * why), or all share the one DATABASE_URL names. Outside a worker (a run in band) JEST_WORKER_ID is 1.
 */
export const adminUrlOfWorker = (workerId: number): string => {
  const urls = process.env.TEST_PG_ADMIN_URLS?.split(' ').filter(Boolean);
  if (!urls?.length) throw new Error('TEST_PG_ADMIN_URLS is not set: run integration tests through jest (tests/support/pg-global-setup.mjs)');
  return urls[(workerId - 1) % urls.length];
};

/** How many clusters the run's workers share out (1 with DATABASE_URL). */
export const workerClusterCount = (): number => process.env.TEST_PG_ADMIN_URLS?.split(' ').filter(Boolean).length ?? 0;

const adminUrl = (): string => adminUrlOfWorker(Number(process.env.JEST_WORKER_ID ?? '1'));

const urlOf = (database: string): string => {
  const url = new URL(adminUrl());
  url.pathname = `/${database}`;
  return url.toString();
};

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Any key will do as long as nothing else in the tests takes the same advisory lock on the admin database. */
const TEMPLATE_LOCK = 727275;

/**
 * The migrated template every test file's database is copied from (CREATE DATABASE ... TEMPLATE): migrating takes a
 * file about 0.4 s, a copy a fraction of that. It is built once per run by whichever worker comes first, under an
 * advisory lock the others wait on. Its name carries the migrations' fingerprint, so a server given through DATABASE_URL
 * (kept between runs) never hands out a template of older migrations.
 */
let template: Promise<string> | undefined;

function migratedTemplate(): Promise<string> {
  template ??= buildTemplateOnce();
  return template;
}

async function buildTemplateOnce(): Promise<string> {
  const fingerprint = createHash('sha256')
    .update(
      allMigrations()
        .map((m) => `${m.id}:${checksumOf(m)}`)
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 16);
  const name = `tpl_${fingerprint}`;
  await withAdmin(async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount) return;
      // Built under another name and renamed when whole: a run stopped half-way never leaves a half-migrated template.
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const pool = new pg.Pool({ connectionString: urlOf(building), max: 2 });
      try {
        await migrate(pool, allMigrations());
      } finally {
        await pool.end();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
}

/**
 * A fresh database of its own for one test file, on its worker's real PostgreSQL: a copy of the migrated template, or
 * empty with `migrate: false` (for tests of the migrations themselves).
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const from = options.migrate === false ? undefined : await migratedTemplate();
  await withAdmin((admin) => admin.query(from ? `CREATE DATABASE ${name} TEMPLATE ${from}` : `CREATE DATABASE ${name}`));
  const pool = new pg.Pool({ connectionString: urlOf(name), max: 20 });
  // As the server's own pool does (composition-root.ts): an idle connection the database ends (a file's database
  // dropped WITH (FORCE) at its teardown) is dropped from the pool, not an unhandled 'error' that fails the whole file.
  pool.on('error', () => undefined);
  return {
    url: urlOf(name),
    pool,
    async drop() {
      await pool.end();
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

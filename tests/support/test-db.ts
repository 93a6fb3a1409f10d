import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { allMigrations } from '../../server/composition-root';
import { migrate } from '../../server/db/migrate';

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

const adminUrl = (): string => {
  const url = process.env.TEST_PG_ADMIN_URL;
  if (!url) throw new Error('TEST_PG_ADMIN_URL is not set: run integration tests through jest (tests/support/pg-global-setup.mjs)');
  return url;
};

/** A fresh, migrated database of its own for one test file, on the run's real PostgreSQL. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 20 });
  // As the server's own pool does (composition-root.ts): an idle connection the database ends (a file's database
  // dropped WITH (FORCE) at its teardown) is dropped from the pool, not an unhandled 'error' that fails the whole file.
  pool.on('error', () => undefined);
  if (options.migrate !== false) await migrate(pool, allMigrations());
  return {
    url: url.toString(),
    pool,
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

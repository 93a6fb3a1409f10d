import { allMigrations } from '../../../server/composition-root';
import { checksumOf, migrate, MigrationChanged } from '../../../server/db/migrate';
import { seedDemo } from '../../../server/seed/demo';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';
import { regionalPractices } from '../../../server/specialists/demo-practices';

jest.setTimeout(60_000);
const dbs: TestDatabase[] = [];
afterAll(() => Promise.all(dbs.map((d) => d.drop())));
const fresh = async () => {
  const db = await createTestDatabase({ migrate: false });
  dbs.push(db);
  return db;
};

describe('migrations', () => {
  it('records each migration’s checksum, and a start whose shipped migration changed stops, naming it, changing nothing', async () => {
    const db = await fresh();
    const migrations = allMigrations();
    await migrate(db.pool, migrations);
    const recorded = await db.pool.query<{ id: string; checksum: string }>('SELECT id, checksum FROM schema_migrations ORDER BY id');
    expect(recorded.rows).toEqual(migrations.map((m) => ({ id: m.id, checksum: checksumOf(m) })).sort((a, b) => a.id.localeCompare(b.id)));
    expect(await migrate(db.pool, migrations)).toEqual([]);

    const edited = migrations.map((m) => (m.id === '0500-products' ? { ...m, sql: `${m.sql}\n-- edited` } : m));
    await expect(migrate(db.pool, edited)).rejects.toThrow(MigrationChanged);
    await expect(migrate(db.pool, edited)).rejects.toThrow('migration 0500-products has changed since this database applied it');
  });

  it('backfills the checksum of a migration applied before checksums existed, then holds it to it', async () => {
    const db = await fresh();
    await migrate(db.pool, allMigrations());
    await db.pool.query(`UPDATE schema_migrations SET checksum = NULL WHERE id = '0500-products'`);
    await migrate(db.pool, allMigrations());
    const row = await db.pool.query(`SELECT checksum FROM schema_migrations WHERE id = '0500-products'`);
    expect(row.rows[0].checksum).toBe(checksumOf(allMigrations().find((m) => m.id === '0500-products')!));
  });

  it('write no demo content into a database: sample content and demo practices come only from the embedded seed, once', async () => {
    const db = await fresh();
    await migrate(db.pool, allMigrations());
    const count = async (table: string) => Number((await db.pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    expect(await count('content_entries')).toBe(0);
    expect(await count('specialist_practices')).toBe(0);
    expect(await count('zip_locations')).toBeGreaterThan(0);

    await seedDemo(db.pool, () => undefined);
    const samples = await count('content_entries');
    expect(samples).toBeGreaterThan(10);
    // Eight around the demo member's Irvine, and one in each ZIP area's main city (issue 27: 10001 found nothing).
    expect(await count('specialist_practices')).toBe(8 + regionalPractices.length);
    // A sample an admin deleted stays deleted at the next start.
    await db.pool.query(`DELETE FROM content_entries WHERE id = (SELECT min(id) FROM content_entries)`);
    await seedDemo(db.pool, () => undefined);
    expect(await count('content_entries')).toBe(samples - 1);
    expect(await count('specialist_practices')).toBe(8 + regionalPractices.length);
  });
});

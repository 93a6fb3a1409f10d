import { PERSONAL_DATA_INVENTORY } from '../../../server/privacy/personal-data-inventory';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(60_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

/** The column types that can hold a name, an address or free text: text of any kind, JSON, and arrays of them. */
const TEXTUAL = ['text', 'varchar', 'bpchar', 'json', 'jsonb', 'xml', 'citext', 'name'];

/** Every table of the public schema after every migration, with its text and JSON columns. */
async function liveSchema(): Promise<Map<string, string[]>> {
  const r = await s.runtime.deps.pool.query<{ table_name: string; column_name: string | null }>(
    `SELECT t.tablename AS table_name, c.column_name
       FROM pg_tables t
       LEFT JOIN information_schema.columns c
         ON c.table_schema = 'public' AND c.table_name = t.tablename AND ltrim(c.udt_name, '_') = ANY($1::text[])
      WHERE t.schemaname = 'public'
      ORDER BY t.tablename, c.ordinal_position`,
    [TEXTUAL],
  );
  const tables = new Map<string, string[]>();
  for (const row of r.rows) {
    const columns = tables.get(row.table_name) ?? [];
    if (row.column_name) columns.push(row.column_name);
    tables.set(row.table_name, columns);
  }
  return tables;
}

describe('the personal-data inventory (server/privacy/personal-data-inventory.ts)', () => {
  it('lists every table of the live schema, and no table that is gone', async () => {
    const live = [...(await liveSchema()).keys()];
    expect(live.filter((t) => !(t in PERSONAL_DATA_INVENTORY))).toEqual([]);
    expect(Object.keys(PERSONAL_DATA_INVENTORY).filter((t) => !live.includes(t))).toEqual([]);
  });

  it('classifies every text and JSON column once, as personal (with its erasure and export) or free of personal data', async () => {
    const unclassified: string[] = [];
    const twice: string[] = [];
    const gone: string[] = [];
    for (const [table, columns] of await liveSchema()) {
      const entry = PERSONAL_DATA_INVENTORY[table];
      if (!entry) continue;
      const personal = Object.keys(entry.personal);
      for (const c of columns) {
        if (!personal.includes(c) && !entry.free.includes(c)) unclassified.push(`${table}.${c}`);
        if (personal.includes(c) && entry.free.includes(c)) twice.push(`${table}.${c}`);
      }
      for (const c of [...personal, ...entry.free]) if (!columns.includes(c)) gone.push(`${table}.${c}`);
    }
    expect({ unclassified, twice, gone }).toEqual({ unclassified: [], twice: [], gone: [] });
  });

  it('says for every personal column what erasure and export do with it', () => {
    const undecided = Object.entries(PERSONAL_DATA_INVENTORY).flatMap(([table, entry]) =>
      Object.entries(entry.personal)
        .filter(([, c]) => !c.erase.trim() || !c.export.trim())
        .map(([column]) => `${table}.${column}`),
    );
    expect(undecided).toEqual([]);
  });
});

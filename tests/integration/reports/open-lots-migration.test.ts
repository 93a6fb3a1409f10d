import { randomUUID } from 'node:crypto';
import { parsePosition } from '../../../event-schemas/store/position';
import { reportEntriesMigrations } from '../../../projections/migrations/report-entries';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { redeem } from '../ledger/ledger-helpers';

// Migration 0963: the programme report's open lots of each member, from an object keyed by lot id to a list, kept as
// json. The same lots come out, and the report goes on spending them.
jest.setTimeout(60_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const MIGRATION = reportEntriesMigrations.find((m) => m.id === '0963-report-open-lots-as-a-list')!;
type OpenLot = [string, string, number];

const openLots = async (paxId: number): Promise<OpenLot[]> =>
  (await s.runtime.deps.pool.query<{ lots: OpenLot[] }>('SELECT open_lots AS lots FROM rm_report_members WHERE pax_id = $1', [paxId])).rows[0].lots;
const byLotId = (lots: OpenLot[]) => [...lots].sort((a, b) => a[0].localeCompare(b[0]));

/** Waits until the read models have applied the command that answered `position`. */
async function applied(body: { position: string }): Promise<void> {
  expect(await s.runtime.deps.progress.waitFor(parsePosition(body.position)!, 15_000)).toBe(true);
}

async function award(paxId: number, amount: number): Promise<void> {
  const admin = await s.login(DEMO.admin.email);
  const r = await s.call('POST', `/api/rest/admin/participants/${paxId}/points`, {
    token: admin.token,
    body: { amount, description: 'Open lots', idempotencyKey: randomUUID() },
  });
  expect(r.status).toBe(201);
  await applied(r.body);
}

it('turns every member’s open lots from an object keyed by lot id into the same lots as a list, and the report spends them after', async () => {
  const m = await s.enroll({ firstName: 'Listed', lastName: 'Lots' });
  for (const amount of [400, 250, 120]) await award(m.paxId, amount);
  const redeemed = await redeem(s, m.token, m.paxId, 100);
  expect(redeemed.status).toBe(201);
  await applied(redeemed.body);
  const written = await openLots(m.paxId);
  expect(written.map((l) => l[2]).reduce((a, b) => a + b, 0)).toBe(670);

  // As the report wrote them before: jsonb, { lotId: ['YYYY-MM', remaining] }, and a member holding none as {}.
  const empty = await s.enroll({ firstName: 'No', lastName: 'Lots' });
  await s.runtime.deps.pool.query('ALTER TABLE rm_report_members ALTER COLUMN open_lots TYPE jsonb USING open_lots::jsonb');
  await s.runtime.deps.pool.query(
    `UPDATE rm_report_members SET open_lots = (SELECT coalesce(jsonb_object_agg(l ->> 0, jsonb_build_array(l -> 1, l -> 2)), '{}'::jsonb) FROM jsonb_array_elements(open_lots) l)`,
  );
  await s.runtime.deps.pool.query(
    `INSERT INTO rm_report_members (pax_id, balance, open_lots) VALUES ($1, 0, '{}') ON CONFLICT (pax_id) DO UPDATE SET open_lots = '{}'`,
    [empty.paxId],
  );
  expect(Array.isArray(await openLots(m.paxId))).toBe(false);

  await s.runtime.deps.pool.query(MIGRATION.sql);
  expect(byLotId(await openLots(m.paxId))).toEqual(byLotId(written));
  expect(await openLots(empty.paxId)).toEqual([]);
  const type = await s.runtime.deps.pool.query<{ type: string }>(
    `SELECT data_type AS type FROM information_schema.columns WHERE table_name = 'rm_report_members' AND column_name = 'open_lots'`,
  );
  expect(type.rows[0].type).toBe('json');

  // Spending goes on from the migrated lots: what is left of them is the member's balance.
  const again = await redeem(s, m.token, m.paxId, 100);
  expect(again.status).toBe(201);
  await applied(again.body);
  const balance = await s.runtime.deps.pool.query<{ balance: string }>('SELECT balance FROM rm_member_points WHERE pax_id = $1', [m.paxId]);
  const left = (await openLots(m.paxId)).map((l) => l[2]).reduce((a, b) => a + b, 0);
  expect(left).toBe(Number(balance.rows[0].balance));
  expect(left).toBeLessThan(670);
});

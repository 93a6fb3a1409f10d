import { DEMO } from '../../../server/seed/demo';
import { rebuildReadModels } from '../../../projections/rebuild';
import { registeredReadModels } from '../../../server/composition-root';
import { startTestServer, type TestServer } from '../../support/test-server';
import { quickMember } from '../api/fixtures';

jest.setTimeout(60_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

describe('a rebuild while the server runs', () => {
  it('loses and doubles nothing that is appended and projected live during it', async () => {
    const admin = await s.login(DEMO.admin.email);
    const members = await Promise.all(Array.from({ length: 5 }, () => quickMember(s)));
    let keys = 0;
    const award = async (paxId: number) => {
      const r = await s.call('POST', `/api/rest/admin/participants/${paxId}/points`, {
        token: admin.token,
        body: { amount: 3, description: 'During a rebuild', idempotencyKey: `rebuild-live-${++keys}` },
      });
      expect(r.status).toBe(201);
      return r.body as { position: string };
    };
    for (let i = 0; i < 40; i++) await award(members[i % 5].paxId);
    // Awards keep coming (and the daemon keeps projecting them) while every read model is rebuilt in small batches.
    let rebuilding = true;
    let during = 0;
    const awarding = (async () => {
      while (rebuilding) {
        await award(members[during % 5].paxId);
        during += 1;
      }
    })();
    const result = await rebuildReadModels(s.runtime.deps.pool, s.runtime.deps.store, registeredReadModels(s.runtime.deps.settings), undefined, 25);
    rebuilding = false;
    await awarding;
    const last = await award(members[0].paxId);
    expect(result.applied).toBeGreaterThan(40);
    expect(during).toBeGreaterThan(0);
    // Read-your-writes on the last award: every earlier one is in the read model exactly once.
    const total = 41 + during;
    let sum = 0;
    for (const m of members) {
      const r = await s.call('GET', `/api/rest/participants/${m.paxId}/points`, { token: m.token, headers: { 'x-wait-for-position': last.position } });
      sum += r.body.balance as number;
    }
    expect(sum).toBe(total * 3);
    const lots = await s.runtime.deps.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rm_point_lots WHERE pax_id = ANY($1)', [
      members.map((m) => m.paxId),
    ]);
    expect(lots.rows[0].n).toBe(total);
    // The programme report held its dated totals over the rebuild's batches and wrote them at the end of each pass and
    // again for the tail replayed in the swap: each award counts once, as the log has it (the report's read waits for
    // the last award too).
    const report = await s.call('GET', '/api/rest/admin/reports/liability', { token: admin.token, headers: { 'x-wait-for-position': last.position } });
    expect(report.status).toBe(200);
    const earned = await s.runtime.deps.pool.query<{ report: string; log: string }>(
      `SELECT (SELECT coalesce(sum(amount), 0) FROM rm_report_daily WHERE measure = 'earned:ADMIN')::text AS report,
              (SELECT coalesce(sum((data->>'amount')::bigint), 0) FROM es_events WHERE type = 'PointsAwarded' AND data->>'source' = 'ADMIN')::text AS log`,
    );
    expect(Number(earned.rows[0].log)).toBeGreaterThanOrEqual(total * 3);
    expect(earned.rows[0].report).toBe(earned.rows[0].log);
  });
});

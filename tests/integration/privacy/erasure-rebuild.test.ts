import { randomUUID } from 'node:crypto';
import { parsePosition } from '../../../event-schemas/store/position';
import { rebuildReadModels } from '../../../projections/rebuild';
import { registeredReadModels } from '../../../server/composition-root';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { redeem } from '../ledger/ledger-helpers';
import { lineItem, postTreatment, seededProducts, settled, treatmentBody } from '../treatments/treatment-helpers';

jest.setTimeout(120_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

/** Every row of every read model, as text, in a fixed order: two snapshots are equal only if the tables are. */
async function readModelRows(): Promise<Record<string, string[]>> {
  const tables = [...new Set(registeredReadModels(s.runtime.deps.settings).flatMap((p) => p.tables))].sort();
  const out: Record<string, string[]> = {};
  for (const table of tables)
    out[table] = (await s.runtime.deps.pool.query<{ row: string }>(`SELECT t::text AS row FROM ${table} t ORDER BY 1`)).rows.map((r) => r.row);
  return out;
}

describe('a rebuild after an erasure', () => {
  it('ends exactly as the live read models: the erased member blanked the same way, every amount the same', async () => {
    const admin = await s.login(DEMO.admin.email);
    const m = await s.enroll({ firstName: 'Rebuilt', lastName: 'Erasure' });
    const keep = await s.enroll({ firstName: 'Kept', lastName: 'Member' });
    for (const who of [m, keep]) {
      const award = await s.call('POST', `/api/rest/admin/participants/${who.paxId}/points`, {
        token: admin.token,
        body: { amount: 300, description: `Goodwill for ${who.paxId}`, idempotencyKey: randomUUID() },
      });
      expect(award.status).toBe(201);
      expect((await redeem(s, who.token, who.paxId, 100)).status).toBe(201);
      const prefs = await s.call('PUT', `/api/rest/participants/${who.paxId}/message-preferences`, {
        token: who.token,
        body: { emailMarketing: false, smsMarketing: true },
      });
      expect(prefs.status).toBe(200);
      const products = await seededProducts(s, admin.token);
      const treatment = await postTreatment(s, treatmentBody(who.paxId, [lineItem(products.treatment.id, 2)], { hcpName: 'Dr. Replay' }));
      expect(treatment.status).toBe(202);
      await settled(s, treatment);
    }
    const erased = await s.call('POST', `/api/rest/admin/participants/${m.paxId}/erasure`, { token: admin.token, body: { reason: 'Deletion request' } });
    expect(erased.status).toBe(202);
    expect(await s.runtime.deps.progress.waitFor(parsePosition(erased.body.position)!, 15_000)).toBe(true);
    const live = await readModelRows();
    // The live tables did blank the member (so the comparison below is not between two unblanked copies).
    expect(live.rm_point_lots.filter((r) => r.includes(`Goodwill for ${m.paxId}`))).toEqual([]);
    expect(live.rm_point_lots.filter((r) => r.includes(`Goodwill for ${keep.paxId}`))).toHaveLength(1);
    expect(live.rm_message_preferences.filter((r) => r.startsWith(`(${m.paxId},`))).toEqual([]);

    const result = await rebuildReadModels(s.runtime.deps.pool, s.runtime.deps.store, registeredReadModels(s.runtime.deps.settings), undefined, 7);
    expect(result.applied).toBeGreaterThan(10);
    expect(await readModelRows()).toEqual(live);
  });
});

import { startTestServer, type TestServer } from '../../support/test-server';
import { lineItem, postTreatment, seededProducts, settled, treatmentBody } from '../treatments/treatment-helpers';

/**
 * Issue 25: an award's description is sealed with the member's key only when a person typed it (an admin's award, a
 * bonus, a referral); the programme's own ("Treatment on …") holds nothing the event does not already say in the
 * clear, and opening it cost every rebuild. After erasure the typed one reads as erased and the programme's keeps its
 * words, so the support history still says why each entry was paid.
 */
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = await s.login('admin@example.com');
});
afterAll(() => s.stop());

const storedAwards = async (paxId: number) =>
  (
    await s.runtime.deps.pool.query<{ source: string; data: Record<string, unknown> }>(
      `SELECT data->>'source' AS source, data FROM es_events WHERE type = 'PointsAwarded' AND (data->>'paxId')::bigint = $1 ORDER BY global_position`,
      [paxId],
    )
  ).rows;

it('stores a typed description sealed and the programme’s in the clear; after erasure only the typed one is gone', async () => {
  const member = await s.enroll({ firstName: 'Jordan', lastName: 'Sealedtest' });
  const given = await s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, {
    token: admin.token,
    body: { amount: 25, description: 'Sorry for the wait, Jordan Sealedtest', idempotencyKey: `sealed-${member.paxId}` },
  });
  expect(given.status).toBe(201);
  const products = await seededProducts(s, admin.token);
  const posted = await postTreatment(s, treatmentBody(member.paxId, [lineItem(products.treatment.id, 5)]));
  expect(posted.status).toBe(202);
  await settled(s, posted);
  expect((await s.call('POST', '/api/rest/admin/jobs/process-treatments', { token: admin.token, body: {} })).status).toBe(200);

  const awards = await storedAwards(member.paxId);
  const typed = awards.find((a) => a.source === 'ADMIN')!;
  const treatment = awards.find((a) => a.source === 'TREATMENT')!;
  expect(typed.data).toHaveProperty('$sealed');
  expect(typed.data).not.toHaveProperty('description');
  expect(JSON.stringify(typed.data)).not.toContain('Jordan');
  expect(treatment.data).not.toHaveProperty('$sealed');
  expect(treatment.data.description).toMatch(/^Treatment on \d{4}-\d{2}-\d{2}$/);

  const erased = await s.call('POST', `/api/rest/admin/participants/${member.paxId}/erasure`, {
    token: admin.token,
    body: { reason: 'Asked to be forgotten' },
  });
  expect(erased.status).toBe(202);
  const timeline = await s.call('GET', `/api/rest/admin/participants/${member.paxId}/timeline`, {
    token: admin.token,
    headers: { 'x-wait-for-position': erased.body.position as string },
  });
  expect(timeline.status).toBe(200);
  const descriptions = (timeline.body.events as { type: string; data: { source?: string; description?: string } }[])
    .filter((e) => e.type === 'PointsAwarded')
    .map((e) => [e.data.source, e.data.description]);
  expect(descriptions).toEqual([
    ['ADMIN', '[erased]'],
    ['TREATMENT', treatment.data.description],
  ]);
  const anywhere = await s.runtime.deps.pool.query(`SELECT 1 FROM es_events WHERE data::text LIKE '%Sealedtest%'`);
  expect(anywhere.rowCount).toBe(0);
});

import { randomUUID } from 'node:crypto';
import { CertificateRedeemedOnTreatment, CertificateTransferred, encodeEvent, PointsAwarded, type DomainEvent } from '../../../event-schemas';
import type { EventStore } from '../../../event-schemas/store/event-store';
import { programmeReportProjection } from '../../../projections/programme-report/programme-report.projection';
import { rebuildReadModels } from '../../../projections/rebuild';
import { catchUpGroup, readCheckpoint } from '../../../projections/runner';
import { certificateStream, memberStream } from '../../../event-schemas/stream-names';
import { createPgEventStore } from '../../../server/adapters/pg-event-store';
import { PgListener } from '../../../server/adapters/pg-listener';
import { settingsFromEnv } from '../../../server/config';
import { appendHistory, planHistory } from '../../support/generated-history';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

// A rebuild of the programme report holds in memory the members and certificates its last batch touched, writes the
// others (and all of them when they weigh more than a limit), reads back the ones a later batch touches again, and
// writes the rest at its end. However it goes, it must leave exactly the rows the report wrote live, batch by batch.
jest.setTimeout(120_000);
let db: TestDatabase;
let listener: PgListener;
let store: EventStore;
const settings = settingsFromEnv();
const HISTORY = 6_000;
let total: number;

beforeAll(async () => {
  db = await createTestDatabase();
  listener = new PgListener(db.url);
  store = await createPgEventStore(db.pool, listener);
  const history = planHistory({ total: HISTORY, members: 400, seed: 2611 });
  expect(await appendHistory(store, history, 4)).toBe(HISTORY);
  // Two rounds of awards to every member, then three rounds over the history's certificates: each given to another
  // member, given on to a third, then used on a treatment. A member's or a certificate's events in the history sit
  // close together; these touch each again, batches later, in batches of their own (the rounds span several of 200).
  const events = history.flatMap((plan) => plan.flatMap((a) => a.events));
  const members = [...new Set(events.filter((e) => e.type === 'PointsAwarded').map((e) => (e.data as { paxId: number }).paxId))];
  const certificates = events.filter((e) => e.type === 'CertificateIssued').map((e) => e.data as { certificateId: string; paxId: number });
  expect(members.length).toBeGreaterThan(100);
  expect(certificates.length).toBeGreaterThan(50);
  const award = (paxId: number, round: number) =>
    PointsAwarded.of({
      paxId,
      lotId: `round-${round}-${paxId}`,
      amount: 10 + round,
      description: 'Bonus',
      source: 'BONUS',
      expirationDate: '2027-06-30',
      idempotencyKey: null,
    });
  const rounds: [string, DomainEvent][][] = [
    members.map((paxId) => [memberStream(paxId), award(paxId, 1)]),
    members.map((paxId) => [memberStream(paxId), award(paxId, 2)]),
    certificates.map((c) => [
      certificateStream(c.certificateId),
      CertificateTransferred.of({ certificateId: c.certificateId, fromPaxId: c.paxId, toPaxId: c.paxId + 1 }),
    ]),
    certificates.map((c) => [
      certificateStream(c.certificateId),
      CertificateTransferred.of({ certificateId: c.certificateId, fromPaxId: c.paxId + 1, toPaxId: c.paxId + 2 }),
    ]),
    certificates.map((c) => [
      certificateStream(c.certificateId),
      CertificateRedeemedOnTreatment.of({ certificateId: c.certificateId, paxId: c.paxId + 2, treatmentId: randomUUID(), dateOfService: '2026-01-05' }),
    ]),
  ];
  for (const round of rounds)
    for (const [i, [stream, event]] of round.entries()) {
      const occurredAt = new Date(Date.UTC(2026, 0, 2 + (i % 20))).toISOString();
      const meta = { actor: { kind: 'system' as const, job: 'test' }, correlationId: 'c', causationId: 'c', occurredAt };
      await store.appendToStream(stream, [encodeEvent(randomUUID(), event, meta)], { expectedRevision: 'any' });
    }
  total = HISTORY + rounds.flat().length;
});
afterAll(async () => {
  await store.close();
  await listener.close();
  await db.drop();
});

/** Every row of the report's tables, in a total order (json columns compared as text). */
async function reportTables(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of programmeReportProjection(settings).tables)
    out[table] = (await db.pool.query(`SELECT * FROM ${table}`)).rows.map((r) => JSON.stringify(r)).sort();
  return out;
}

it('leaves the rows the report wrote live, whether it holds rows a batch or two or writes them all as they weigh more than a limit', async () => {
  const live = programmeReportProjection(settings);
  // Live, in small batches: each reads the members and certificates it touches and writes them back.
  while ((await readCheckpoint(db.pool, live.name)).eventsApplied < total) await catchUpGroup(db.pool, store, [live], 150);
  const written = await reportTables();
  // The history moves members and certificates enough for the comparison to prove something.
  expect(written.rm_report_members.length).toBeGreaterThan(30);
  expect(written.rm_report_certificates.length).toBeGreaterThan(30);
  expect(written.rm_report_members.filter((r) => JSON.parse(r).open_lots.length > 5).length).toBeGreaterThan(10);

  // Without a limit (far above these rows), each batch writes the rows it did not touch, and reads back members and
  // certificates the rounds touch again. A limit of 40 writes them all after every batch, so each batch reads back
  // the ones it touches. A limit of 300 writes them all every few batches, so a batch holds some and reads back
  // others (and must not read back one it holds: the read would be stale).
  for (const heldRowsLimit of [undefined, 40, 300]) {
    const rebuilt = await rebuildReadModels(db.pool, store, [programmeReportProjection(settings, { heldRowsLimit })], undefined, 200);
    expect(rebuilt.applied).toBe(total);
    expect({ heldRowsLimit, tables: await reportTables() }).toEqual({ heldRowsLimit, tables: written });
  }
});

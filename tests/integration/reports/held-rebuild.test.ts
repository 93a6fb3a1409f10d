import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { CertificateRedeemedOnTreatment, CertificateStatusChanged, CertificateTransferred, encodeEvent } from '../../../event-schemas';
import type { EventStore } from '../../../event-schemas/store/event-store';
import { HELD_LIMITS } from '../../../projections/programme-report/held-rebuild';
import { programmeReportProjection } from '../../../projections/programme-report/programme-report.projection';
import { rebuildReadModels } from '../../../projections/rebuild';
import { catchUpGroup, readCheckpoint } from '../../../projections/runner';
import { createPgEventStore } from '../../../server/adapters/pg-event-store';
import { PgListener } from '../../../server/adapters/pg-listener';
import { eventually } from '../../support/event-store-contract-helpers';
import { appendHistory, planHistory } from '../../support/generated-history';
import { tableRows } from '../../support/table-rows';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

// A rebuild of the report holds its members and certificates in memory and writes them at the end of its pass; past
// its limits it writes the least recently touched ones early and reads them back from the shadow tables when a later
// batch touches them (held-rebuild.ts). Both ways must leave exactly the rows the live runner wrote.
jest.setTimeout(120_000);
const settings = { timeZone: 'America/New_York' };
const meta = { actor: { kind: 'system' as const, job: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2025-06-02T03:04:05.000Z' };
let db: TestDatabase;
let listener: PgListener;
let store: EventStore;
let total: number;

beforeAll(async () => {
  db = await createTestDatabase();
  listener = new PgListener(db.url);
  store = await createPgEventStore(db.pool, listener);
  // Twelve members appended side by side, 200 events at a time each: a member's events spread over many batches.
  total = await appendHistory(store, planHistory({ total: 5_000, members: 30, seed: 26 }), 12);
  const history = await eventually(async () => {
    const read = await store.readAll('start', 100_000);
    expect(read).toHaveLength(total);
    return read;
  });
  // Certificates change after they were issued, in later batches: voided, used on a treatment, given to another member.
  const issued = history
    .filter((s) => s.type === 'CertificateIssued')
    .map((s) => ({ stream: s.streamName, ...(s.data as { certificateId: string; paxId: number; expirationDate: string }) }));
  expect(issued.length).toBeGreaterThan(20);
  for (const [i, c] of issued.entries()) {
    const change =
      i % 3 === 0
        ? CertificateStatusChanged.of({
            certificateId: c.certificateId,
            paxId: c.paxId,
            from: 'ACTIVE',
            to: 'VOID',
            expirationDate: c.expirationDate,
            changedBy: null,
          })
        : i % 3 === 1
          ? CertificateRedeemedOnTreatment.of({ certificateId: c.certificateId, paxId: c.paxId, treatmentId: randomUUID(), dateOfService: '2025-06-01' })
          : CertificateTransferred.of({ certificateId: c.certificateId, fromPaxId: c.paxId, toPaxId: issued[0].paxId });
    await store.appendToStream(c.stream, [encodeEvent(randomUUID(), change, meta)], { expectedRevision: 'any' });
    total += 1;
  }
});
afterAll(async () => {
  await listener.close();
  await db.drop();
});

const REPORT_TABLES = programmeReportProjection(settings).tables;

const rows = (pool: pg.Pool) => tableRows(pool, REPORT_TABLES);

it('rebuilds the rows the live runner wrote, holding everything or only a few members and certificates at a time, in writes of any size', async () => {
  const report = programmeReportProjection(settings);
  await eventually(async () => {
    await catchUpGroup(db.pool, store, [report], 300);
    expect((await readCheckpoint(db.pool, report.name)).eventsApplied).toBe(total);
  });
  const live = await rows(db.pool);
  expect(live.rm_report_members.length).toBe(30);
  expect(live.rm_report_certificates.length).toBeGreaterThan(20);
  expect(live.rm_report_point_entries.length).toBeGreaterThan(20);

  // Three members and four certificates at a time, in batches of 50: most of them go out and come back many times.
  const few = await rebuildReadModels(db.pool, store, [programmeReportProjection(settings, { members: 3, certificates: 4, rowsPerWrite: 2 })], undefined, 50);
  expect(few.applied).toBe(total);
  expect(await rows(db.pool)).toEqual(live);

  const all = await rebuildReadModels(db.pool, store, [programmeReportProjection(settings)], undefined, 5000);
  expect(all.applied).toBe(total);
  expect(await rows(db.pool)).toEqual(live);

  // Everything held, written at the end seven rows a statement.
  const chunked = await rebuildReadModels(db.pool, store, [programmeReportProjection(settings, { ...HELD_LIMITS, rowsPerWrite: 7 })], undefined, 5000);
  expect(chunked.applied).toBe(total);
  expect(await rows(db.pool)).toEqual(live);
});

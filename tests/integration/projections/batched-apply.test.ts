import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  CertificateRedeemedOnTreatment,
  CertificateRedemptionReleased,
  CertificateStatusChanged,
  CertificateTransferred,
  decodeEvent,
  MemberErased,
  encodeEvent,
} from '../../../event-schemas';
import type { EventStore } from '../../../event-schemas/store/event-store';
import { activityProjection } from '../../../projections/activity/activity.projection';
import { certificatesProjection } from '../../../projections/certificates/certificates.projection';
import { bufferLive, flushLive, type ProjectedEvent, type Projection } from '../../../projections/projection';
import { treatmentsProjection } from '../../../projections/treatments/treatments.projection';
import { memberPointsProjection } from '../../../projections/member-points/member-points.projection';
import { createPgEventStore } from '../../../server/adapters/pg-event-store';
import { PgListener } from '../../../server/adapters/pg-listener';
import { appendHistory, planHistory } from '../../support/generated-history';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';
import { eventually } from '../../support/event-store-contract-helpers';

// A read model's applyAll must leave exactly the rows and live messages its apply leaves event by event (projection.ts).
// The rebuild and the live runner use applyAll; this holds it to the one-at-a-time meaning, on a generated history,
// in batches of several sizes, and again over rows already there (a replay).
jest.setTimeout(120_000);
let db: TestDatabase;
let listener: PgListener;
let store: EventStore;
let events: ProjectedEvent[];
const meta = { actor: { kind: 'system' as const, job: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-01-02T03:04:05.000Z' };

beforeAll(async () => {
  db = await createTestDatabase();
  listener = new PgListener(db.url);
  store = await createPgEventStore(db.pool, listener);
  let written = await appendHistory(store, planHistory({ total: 8_000, members: 25, seed: 11 }));
  // Status changes interleave with issues in the log: every third certificate is voided after it was issued. The log
  // shows an event once every older write transaction in the cluster has ended, and other test files write to it
  // meanwhile: read once the whole history shows (a read right away once came back empty, and the setup failed).
  const history = await eventually(async () => {
    const read = await store.readAll('start', 100_000);
    expect(read).toHaveLength(written);
    return read;
  });
  const issued = history.filter((s) => s.type === 'CertificateIssued');
  for (const [i, s] of issued.entries()) {
    if (i % 3 !== 0) continue;
    const d = s.data as { certificateId: string; paxId: number; expirationDate: string };
    const change = CertificateStatusChanged.of({
      certificateId: d.certificateId,
      paxId: d.paxId,
      from: 'ACTIVE',
      to: 'VOID',
      expirationDate: d.expirationDate,
      changedBy: null,
    });
    await store.appendToStream(s.streamName, [encodeEvent(randomUUID(), change, meta)], { expectedRevision: 'any' });
    written += 1;
  }
  // A member is erased between the log's certificate events: a batch must write what came before the erasure before
  // its set-wide change, and apply what follows after it (the generated history buys no gifts, so that change finds
  // nothing to blank here; erasure.test.ts checks the blanking itself).
  const erased = (issued[0].data as { paxId: number }).paxId;
  await store.appendToStream(`member-${erased}`, [encodeEvent(randomUUID(), MemberErased.of({ paxId: erased, requestedBy: 'STAFF', reason: 'test' }), meta)], {
    expectedRevision: 'any',
  });
  written += 1;
  // Gifts claimed by another member, certificates used on a treatment (some given back), and an event for a
  // certificate the read model never held: every kind of change a batch folds in memory (certificate-batch.ts).
  const members = [...new Set(issued.map((s) => (s.data as { paxId: number }).paxId))];
  for (const [i, s] of issued.entries()) {
    const d = s.data as { certificateId: string; paxId: number };
    const more = [];
    if (i % 5 === 1) more.push(CertificateTransferred.of({ certificateId: d.certificateId, fromPaxId: d.paxId, toPaxId: members[(i + 1) % members.length] }));
    if (i % 4 === 2) {
      const treatmentId = randomUUID();
      more.push(CertificateRedeemedOnTreatment.of({ certificateId: d.certificateId, paxId: d.paxId, treatmentId, dateOfService: '2026-01-0' + ((i % 9) + 1) }));
      if (i % 8 === 2) more.push(CertificateRedemptionReleased.of({ certificateId: d.certificateId, paxId: d.paxId, treatmentId }));
    }
    if (i % 50 === 3)
      more.push(
        CertificateStatusChanged.of({ certificateId: randomUUID(), paxId: d.paxId, from: 'ACTIVE', to: 'VOID', expirationDate: '2026-02-01', changedBy: null }),
      );
    if (more.length === 0) continue;
    await store.appendToStream(
      s.streamName,
      more.map((e) => encodeEvent(randomUUID(), e, meta)),
      { expectedRevision: 'any' },
    );
    written += more.length;
  }
  const stored = [];
  for (let after: Parameters<EventStore['readAll']>[0] = 'start'; stored.length < written;) {
    const batch = await store.readAll(after, 1_000);
    if (batch.length === 0) await new Promise((r) => setTimeout(r, 20));
    else {
      stored.push(...batch);
      after = batch[batch.length - 1].position;
    }
  }
  // Frozen, data and all: the runner hands one decoded event to every read model that consumes it, so a read model that
  // changed an event's data in place (or a row it holds that shares objects with it) would change it for the others.
  events = stored.map((s) =>
    deepFreeze({
      ...decodeEvent(s.type, s.data, s.metadata),
      streamName: s.streamName,
      revision: s.revision,
      position: s.position,
      eventId: s.eventId,
    }),
  );
});

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
afterAll(async () => {
  await store.close();
  await listener.close();
  await db.drop();
});

/** Applies `passes` in one transaction (each pass a list of batches), answers the tables and live messages, and rolls back. */
async function outcome(projection: Projection, passes: ProjectedEvent[][][], batched: boolean) {
  const client: pg.PoolClient = await db.pool.connect();
  try {
    await client.query('BEGIN');
    for (const batches of passes)
      for (const batch of batches) {
        bufferLive(client);
        if (batched) await projection.applyAll!(client, batch);
        else for (const e of batch) await projection.apply(client, e);
        await flushLive(client);
      }
    const tables = [];
    // Every row in a total order: rows of one member (a member's lots) may sit in any physical order.
    for (const table of projection.tables) tables.push((await client.query(`SELECT * FROM ${table}`)).rows.map((r) => JSON.stringify(r)).sort());
    const live = await client.query(
      'SELECT pax_id, position_major, position_minor, kind, data FROM member_live_messages WHERE kind = ANY($1) ORDER BY 1, 2, 3, 4',
      [projection.liveKinds],
    );
    return { tables, live: live.rows };
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

const inBatchesOf = (list: ProjectedEvent[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

describe.each([
  ['certificates', certificatesProjection as Projection, Infinity],
  ['treatments', treatmentsProjection as Projection, Infinity],
  // Lots awarded and spent within one batch: the spends must see the lots (points-batch.ts orders its statements).
  // The first 1,500 of its events: one by one, all of them took most of a minute.
  ['member points', memberPointsProjection as Projection, 1_500],
  // A treatment's row changed by later events of the same batch (points computed, processed): activity-rows.ts holds
  // its detail as an object from change to change and writes its JSON once.
  ['activity', activityProjection({ timeZone: 'America/Los_Angeles' }) as Projection, 1_500],
])('the %s read model applies a batch as it applies each event', (_name, projection, limit) => {
  const consumed = () => events.filter((e) => projection.consumes.has(e.event.type)).slice(0, limit);

  it('on a generated history, in batches of 1, 7 and all, and again over the rows already written', async () => {
    expect(consumed().length).toBeGreaterThan(50);
    const oneByOne = await outcome(projection, [[consumed()], [consumed()]], false);
    expect(oneByOne.tables[0].length).toBeGreaterThan(0);
    for (const size of [1, 7, consumed().length])
      expect(await outcome(projection, [inBatchesOf(consumed(), size), inBatchesOf(consumed(), size)], true)).toEqual(oneByOne);
  });
});

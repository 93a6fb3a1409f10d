import { randomUUID } from 'node:crypto';
import { memberStream } from '../../../event-schemas';
import type { EventStore, ReadStreamOptions } from '../../../event-schemas/store/event-store';
import { createPgEventStore } from '../../../server/adapters/pg-event-store';
import { PgListener } from '../../../server/adapters/pg-listener';
import { handleCommand } from '../../../server/core/command-handler';
import { givePoints } from '../../../server/points/give-points';
import { initialMemberState } from '../../../server/points/member-state';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

let db: TestDatabase;
let listener: PgListener;
let store: EventStore;
beforeEach(async () => {
  db = await createTestDatabase();
  listener = new PgListener(db.url);
  store = await createPgEventStore(db.pool, listener);
});
afterEach(async () => {
  await listener.close();
  await db.drop();
});

const ctx = () => ({ actor: { kind: 'system' as const, job: 'test' }, correlationId: randomUUID(), now: new Date('2026-06-01T12:00:00Z') });
const award = (paxId: number) => ({
  paxId,
  lotId: randomUUID(),
  amount: 1,
  description: 'fold',
  idempotencyKey: randomUUID(),
  today: '2026-06-01',
  defaultExpiryMonths: 12,
});
// Another fold of the same stream: the same evolve from another initial state is cached apart (server/core/state-cache.ts).
const otherFold = { ...givePoints, initialState: { ...initialMemberState } };

/** Records the store's reads and appends of one stream. */
function watch(stream: string) {
  const reads: { fromRevision: number | undefined; events: number }[] = [];
  const appends: (number | string)[] = [];
  const { readStream, appendToStream } = store;
  store.readStream = async (name: string, options?: ReadStreamOptions) => {
    const events = await readStream(name, options);
    if (name === stream) reads.push({ fromRevision: options?.fromRevision, events: events.length });
    return events;
  };
  store.appendToStream = async (name, events, options) => {
    if (name === stream) appends.push(options.expectedRevision);
    return appendToStream(name, events, options);
  };
  return { reads, appends, restore: () => Object.assign(store, { readStream, appendToStream }) };
}

describe('commands of two folds on one stream, in one process', () => {
  it('a fold left behind by the other reads only the tail and makes no append bound to fail', async () => {
    const stream = memberStream(7);
    for (let i = 0; i < 50; i++) await handleCommand(store, givePoints, stream, award(7), ctx());
    // The other fold appends: the first fold's cached state (revision 49) is now one event behind.
    await handleCommand(store, otherFold, stream, award(7), ctx());
    const w = watch(stream);
    try {
      const r = await handleCommand(store, givePoints, stream, award(7), ctx());
      expect(r.state.balance).toBe(52);
    } finally {
      w.restore();
    }
    expect(w.reads).toEqual([{ fromRevision: 50, events: 1 }]);
    expect(w.appends).toEqual([50]);
  });

  it('a cached state behind another process reads its tail after the failed append, not the whole stream', async () => {
    const stream = memberStream(8);
    for (let i = 0; i < 50; i++) await handleCommand(store, givePoints, stream, award(8), ctx());
    // Another process (a second store on the same database: a cache of its own) appends twice.
    const elsewhere = await createPgEventStore(db.pool, listener);
    await handleCommand(elsewhere, givePoints, stream, award(8), ctx());
    await handleCommand(elsewhere, givePoints, stream, award(8), ctx());
    const w = watch(stream);
    try {
      expect((await handleCommand(store, givePoints, stream, award(8), ctx())).state.balance).toBe(53);
    } finally {
      w.restore();
    }
    expect(w.appends).toEqual([49, 51]);
    expect(w.reads).toEqual([{ fromRevision: 50, events: 2 }]);
  });
});

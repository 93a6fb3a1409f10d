import crypto, { randomUUID } from 'node:crypto';
import { encodeEvent, memberStream, PointsAwarded } from '../../../event-schemas';
import { createPgEventStore } from '../../../server/adapters/pg-event-store';
import { PgListener } from '../../../server/adapters/pg-listener';
import { ERASED_TEXT } from '../../../event-schemas/erased';
import { destroyMemberKey, MemberKeyring } from '../../../server/privacy/sealing/member-keys';
import { sealingStore } from '../../../server/privacy/sealing/sealing-store';
import type { EventStore } from '../../../event-schemas/store/event-store';
import { createTestDatabase, type TestDatabase } from '../../support/test-db';

/*
 * The sealing store keeps the personal values of events it sealed or opened (opened-values.ts), so a read in the same
 * process does not decrypt them again. What must hold: readers see the same events, an erasure still erases at once,
 * and a value kept in memory never outlives its member's key.
 */

let db: TestDatabase;
let listener: PgListener;
let bare: EventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  listener = new PgListener(db.url);
  bare = await createPgEventStore(db.pool, listener);
});
afterAll(async () => {
  await listener.close();
  await db.drop();
});

const award = (paxId: number, description: string) =>
  encodeEvent(
    randomUUID(),
    PointsAwarded.of({ paxId, lotId: randomUUID(), amount: 25, description, source: 'ADMIN', expirationDate: '2099-01-31', idempotencyKey: null }),
    { actor: { kind: 'system' as const, job: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString() },
  );
const descriptionsOf = async (store: EventStore, paxId: number) =>
  (await store.readStream(memberStream(paxId))).map((e) => (e.data as { description: string }).description);
/** How many AES-GCM openings `read` makes (seal.ts opens with node:crypto's createDecipheriv). */
async function openingsDuring<T>(read: () => Promise<T>): Promise<{ result: T; openings: number }> {
  const spy = jest.spyOn(crypto, 'createDecipheriv');
  try {
    const result = await read();
    return { result, openings: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

describe('the sealing store’s memory of opened values', () => {
  it('reads what it sealed without opening it again: the same events as a process that opens them', async () => {
    const keyring = new MemberKeyring(db.pool);
    const store = sealingStore(bare, keyring);
    const e = award(501, 'For Jordan, thank you');
    await store.appendToStream(memberStream(501), [e], { expectedRevision: 'any' });
    expect(keyring.opened.get(e.eventId, 501)).toEqual({ description: 'For Jordan, thank you' });
    // Another process (its own keyring, nothing in memory) opens the envelope and reads the same.
    const fresh = sealingStore(bare, new MemberKeyring(db.pool));
    expect(await descriptionsOf(fresh, 501)).toEqual(['For Jordan, thank you']);
    // This process answers from memory, opening nothing; the fresh one opened the envelope to read it.
    expect(await openingsDuring(() => descriptionsOf(store, 501))).toEqual({ result: ['For Jordan, thank you'], openings: 0 });
    expect(await openingsDuring(() => descriptionsOf(sealingStore(bare, new MemberKeyring(db.pool)), 501))).toEqual({
      result: ['For Jordan, thank you'],
      openings: 1,
    });
  });

  it('keeps what it opened once, and answers it on the next read', async () => {
    const writer = sealingStore(bare, new MemberKeyring(db.pool));
    const e = award(502, 'Welcome back, Sam');
    await writer.appendToStream(memberStream(502), [e], { expectedRevision: 'any' });
    const keyring = new MemberKeyring(db.pool);
    const reader = sealingStore(bare, keyring);
    expect(await openingsDuring(() => descriptionsOf(reader, 502))).toEqual({ result: ['Welcome back, Sam'], openings: 1 });
    expect(await openingsDuring(() => descriptionsOf(reader, 502))).toEqual({ result: ['Welcome back, Sam'], openings: 0 });
  });

  it('reads an erased member’s values as erased at once, though it held them in memory', async () => {
    const keyring = new MemberKeyring(db.pool);
    const store = sealingStore(bare, keyring);
    const e = award(503, 'Apology credit for Alex');
    await store.appendToStream(memberStream(503), [e], { expectedRevision: 'any' });
    expect(await descriptionsOf(store, 503)).toEqual(['Apology credit for Alex']);
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await destroyMemberKey(client, 503, new Date());
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    // What the erasure does in its own process (erasure.ts); other processes hear the key's NOTIFY and do the same.
    keyring.forget(503);
    expect(keyring.opened.get(e.eventId, 503)).toBeUndefined();
    expect(await descriptionsOf(store, 503)).toEqual([ERASED_TEXT]);
  });

  it('does not keep the values of an event sealed with a key destroyed before it was stored', async () => {
    const keyring = new MemberKeyring(db.pool);
    const store = sealingStore(bare, keyring);
    await keyring.keyFor(504);
    const client = await db.pool.connect();
    try {
      await destroyMemberKey(client, 504, new Date());
    } finally {
      client.release();
    }
    keyring.forget(504);
    const e = award(504, 'Late note for Robin');
    await store.appendToStream(memberStream(504), [e], { expectedRevision: 'any' });
    expect(keyring.opened.get(e.eventId, 504)).toBeUndefined();
    expect(await descriptionsOf(store, 504)).toEqual([ERASED_TEXT]);
  });
});

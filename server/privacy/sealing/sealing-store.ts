import { erasePersonal, hasPersonalFields, ownerOf, putPersonal, sealsPersonalFields, takePersonal } from '../../../event-schemas/personal-fields';
import type { EventStore, EventToAppend, StoredEvent } from '../../../event-schemas/store/event-store';
import type { MemberKeyring } from './member-keys';
import { open, seal, SEALED, type SealedEnvelope } from './seal';

type Json = Record<string, unknown>;

/*
 * The one place the log's personal fields are sealed and opened (crypto-shredding, issue 25 item 2): around the event
 * store, whichever backend it is. An event is sealed as it is appended and opened as it is read, so every decider,
 * projection, rebuild, support replay, export and upcaster sees plain events, exactly as before; with the member's key
 * destroyed those fields read as erased (event-schemas/personal-fields.ts), and nothing else of the event changes.
 * Events without personal fields, and events stored before sealing existed, pass through untouched.
 */

const envelopeOf = (data: unknown): SealedEnvelope | undefined =>
  typeof data === 'object' && data !== null && SEALED in data ? ((data as Json)[SEALED] as SealedEnvelope) : undefined;

/**
 * The stored data of one event: its personal values replaced by one envelope (or by the erased marks, key destroyed).
 * Also what the synthetic seed writes with COPY (server/seed/synthetic/bulk-writer.ts), so its log is sealed as a live one.
 */
export function sealed(e: EventToAppend, key: Buffer | null): EventToAppend {
  const data = e.data as Json;
  const { personal, rest } = takePersonal(e.type, data);
  if (!personal) return e;
  // A member already erased keeps no personal value, even one a late process tries to write.
  if (key === null) return { ...e, data: erasePersonal(e.type, rest) };
  return { ...e, data: { ...rest, [SEALED]: seal(key, ownerOf(data), e.eventId, personal) } };
}

/** The event as readers see it: opened with its member's key, or erased when that key is gone. */
export function opened(e: StoredEvent, keyring: MemberKeyring): StoredEvent {
  const envelope = envelopeOf(e.data);
  if (!envelope) return e;
  const { [SEALED]: _envelope, ...rest } = e.data as Json;
  const key = keyring.cached(envelope.by);
  if (key === undefined) throw new Error(`no key loaded for the sealed fields of event ${e.eventId}`);
  const data = key === null ? erasePersonal(e.type, rest) : putPersonal(e.type, rest, open(key, e.eventId, envelope) as Json);
  return { ...e, data };
}

async function openAll(events: StoredEvent[], keyring: MemberKeyring): Promise<StoredEvent[]> {
  const owners: number[] = [];
  for (const e of events) {
    const envelope = hasPersonalFields(e.type) ? envelopeOf(e.data) : undefined;
    if (envelope && keyring.cached(envelope.by) === undefined) owners.push(envelope.by);
  }
  // One query for the keys a batch needs that are not in memory; a member without a key row reads as erased.
  if (owners.length) await keyring.load(owners);
  for (const by of owners) if (keyring.cached(by) === undefined) keyring.markMissing(by);
  return events.map((e) => (hasPersonalFields(e.type) ? opened(e, keyring) : e));
}

export function sealingStore(store: EventStore, keyring: MemberKeyring): EventStore {
  return {
    backend: store.backend,
    appendToStream: async (stream, events, options) => {
      const seals = (e: EventToAppend) => sealsPersonalFields(e.type, e.data as Json);
      if (!events.some(seals)) return store.appendToStream(stream, events, options);
      const keys = new Map<number, Buffer | null>();
      for (const e of events) {
        if (!seals(e)) continue;
        const owner = ownerOf(e.data as Json);
        if (!keys.has(owner)) keys.set(owner, await keyring.keyFor(owner));
      }
      const stored = events.map((e) => (seals(e) ? sealed(e, keys.get(ownerOf(e.data as Json))!) : e));
      return store.appendToStream(stream, stored, options);
    },
    readStream: async (stream, options) => openAll(await store.readStream(stream, options), keyring),
    readAll: async (after, maxCount) => openAll(await store.readAll(after, maxCount), keyring),
    subscribeToAll: (after, handler, options) => store.subscribeToAll(after, async (e) => handler((await openAll([e], keyring))[0]), options),
    waitForAppend: (signal, timeoutMs) => store.waitForAppend(signal, timeoutMs),
    headPosition: () => store.headPosition(),
    committedHead: () => store.committedHead(),
    close: () => store.close(),
    ...(store.countAll ? { countAll: () => store.countAll!() } : {}),
    ...(store.appendedCount ? { appendedCount: () => store.appendedCount!() } : {}),
  };
}

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
export const sealed = (e: EventToAppend, key: Buffer | null): EventToAppend => sealing(e, key).stored;

/** The stored event, and the personal values its envelope holds (none: nothing sealed, or the key is destroyed). */
function sealing(e: EventToAppend, key: Buffer | null): { stored: EventToAppend; personal?: Json } {
  const data = e.data as Json;
  const { personal, rest } = takePersonal(e.type, data);
  if (!personal) return { stored: e };
  // A member already erased keeps no personal value, even one a late process tries to write.
  if (key === null) return { stored: { ...e, data: erasePersonal(e.type, rest) } };
  return { stored: { ...e, data: { ...rest, [SEALED]: seal(key, ownerOf(data), e.eventId, personal) } }, personal };
}

/** An event's data without its envelope, copied key by key (a rest pattern with a computed key takes V8's slow path). */
function withoutEnvelope(data: Json): Json {
  const rest: Json = {};
  for (const key in data) if (key !== SEALED) rest[key] = data[key];
  return rest;
}

/**
 * The event as readers see it: opened with its member's key, or erased when that key is gone. Values this process
 * sealed or opened lately are taken from the keyring's memory instead of being decrypted again (opened-values.ts).
 */
export function opened(e: StoredEvent, keyring: MemberKeyring): StoredEvent {
  const envelope = envelopeOf(e.data);
  if (!envelope) return e;
  const rest = withoutEnvelope(e.data as Json);
  const key = keyring.cached(envelope.by);
  if (key === undefined) throw new Error(`no key loaded for the sealed fields of event ${e.eventId}`);
  if (key === null) return { ...e, data: erasePersonal(e.type, rest) };
  let personal = keyring.opened.get(e.eventId, envelope.by);
  if (personal === undefined) keyring.opened.set(e.eventId, envelope.by, (personal = open(key, e.eventId, envelope) as Json));
  return { ...e, data: putPersonal(e.type, rest, personal) };
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
      const sealings = events.map((e) => (seals(e) ? sealing(e, keys.get(ownerOf(e.data as Json))!) : { stored: e }));
      const result = await store.appendToStream(
        stream,
        sealings.map((x) => x.stored),
        options,
      );
      // Stored: readers of these events in this process need not open what was just sealed (unless the key went
      // meanwhile: an erasure that committed during the append keeps nothing of the member here).
      sealings.forEach((x, i) => {
        const owner = ownerOf(events[i].data as Json);
        if (x.personal && keyring.cached(owner)) keyring.opened.set(events[i].eventId, owner, x.personal);
      });
      return result;
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

import * as t from 'io-ts';
import { allStreamEvents, decodeEvent, encodeEvent, EventMetadata, eventTypesDecodedAsIs, type EncodedEvent } from '../../../event-schemas';
import { decodesAsIs } from '../../../event-schemas/decodes-as-is';
import { refined, withRule } from '../../../event-schemas/primitives';
import { memberHistory } from '../../../server/seed/synthetic/member-history';
import { planHistory } from '../../support/generated-history';
import { testCatalogue as catalogue } from '../../support/synthetic-catalogue';

// decodeEvent lets `is` stand in for `decode` where a codec decodes as is (event-schemas/decodes-as-is.ts). These tests
// hold that to what it rests on: for such a codec, `is` accepts exactly what `decode` accepts, and what it accepts is the
// decoded value itself. They compare the two on every stored event of two generated histories and on each of those
// events with one value changed at a time.

const definitions = allStreamEvents.flatMap((s) => [...s.definitions]);
const definitionOf = new Map<string, (typeof definitions)[number]>(definitions.map((d) => [d.type, d]));

/** Stored events (as JSON gives them back) of 400 synthetic members and of the bench's generator. */
const stored: EncodedEvent[] = [
  ...Array.from({ length: 400 }, (_, i) =>
    memberHistory(catalogue, 11, i + 1, 500 + i, '2026-11-26T20:00:00.000Z').events.map((e) =>
      encodeEvent(e.eventId, e.event, { actor: e.actor, correlationId: e.correlationId, causationId: e.causationId, occurredAt: e.occurredAt }),
    ),
  ),
  ...planHistory({ total: 3_000, members: 60 }).flatMap((plan) => plan.flatMap((append) => append.events)),
]
  .flat()
  .map((e) => JSON.parse(JSON.stringify(e)) as EncodedEvent);

/** Up to five events of each type, so every type's mutations stay few. */
const byType = new Map<string, EncodedEvent[]>();
for (const e of stored) byType.set(e.type, [...(byType.get(e.type) ?? []), e].slice(0, 5));
const samples = [...byType.values()].flat();

const REPLACEMENTS: unknown[] = [undefined, null, '', ' ', 'x', -1, 0, 1.5, 2 ** 60, true, [], {}, '2025-02-30', '2026-11-27T07:59:59.999Z', 'ACTIVE'];

/** Copies of `value` with one leaf (or one whole branch) replaced or removed, each path and each replacement in turn. */
function* mutations(value: unknown): Generator<unknown> {
  if (value === null || typeof value !== 'object') return;
  for (const key of Object.keys(value)) {
    for (const replacement of REPLACEMENTS) {
      const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
      if (replacement === undefined && !Array.isArray(value)) delete copy[key];
      else copy[key] = replacement;
      yield copy;
    }
    for (const inner of mutations((value as Record<string, unknown>)[key])) {
      const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
      copy[key] = inner;
      yield copy;
    }
  }
}

/** `is` and `decode` agree on `value`, and a value decode accepts comes back as itself. */
const agree = (codec: t.Any, value: unknown): string | undefined => {
  const decoded = codec.decode(value);
  if (codec.is(value) !== (decoded._tag === 'Right')) return `is says ${codec.is(value)}, decode says ${decoded._tag}: ${JSON.stringify(value)}`;
  if (decoded._tag === 'Right' && decoded.right !== value) return `decode changed ${JSON.stringify(value)}`;
  return undefined;
};

describe('codecs that decode as is', () => {
  it('covers every event type and the metadata, so the log is read without building decode results', () => {
    expect(definitions.filter((d) => !eventTypesDecodedAsIs().has(d.type)).map((d) => d.type)).toEqual([]);
    expect(decodesAsIs(EventMetadata)).toBe(true);
  });

  it('refuses what it cannot vouch for: exact, strict and converting codecs, and codecs of unknown kinds, also inside others', () => {
    const NumberFromString = new t.Type<number, string, unknown>(
      'NumberFromString',
      (u): u is number => typeof u === 'number',
      (u, c) => (typeof u === 'string' && u.trim() !== '' && !Number.isNaN(Number(u)) ? t.success(Number(u)) : t.failure(u, c)),
      String,
    );
    for (const codec of [t.exact(t.type({ a: t.string })), t.strict({ a: t.string }), NumberFromString, t.record(t.string, t.string), t.tuple([t.string])])
      expect([codec.name, decodesAsIs(codec)]).toEqual([codec.name, false]);
    expect(decodesAsIs(t.type({ a: t.array(t.union([t.string, t.exact(t.type({ b: t.number }))])) }))).toBe(false);
    expect(decodesAsIs(refined(NumberFromString, 'Positive', 'must be above 0', (n) => n > 0))).toBe(false);
    expect(decodesAsIs(withRule(t.type({ n: NumberFromString }), 'must hold a number'))).toBe(false);
    expect(decodesAsIs(t.intersection([t.type({ a: t.string }), t.partial({ b: t.readonlyArray(t.number) })]))).toBe(true);
  });

  // The generators write ten of the types (awards, redemptions, expiries, certificates, treatments, gifts, surveys);
  // the others are held to decodesAsIs's walk alone, as are these.
  it('has samples of the ten event types the generators write to compare on', () => {
    const types = new Set(samples.map((e) => e.type));
    expect(types.size).toBeGreaterThanOrEqual(10);
    expect([...types].filter((type) => !definitionOf.has(type))).toEqual([]);
  });

  it('answers as decode does on every sample event and every one-value change of it', () => {
    const differing: string[] = [];
    let compared = 0;
    for (const e of samples) {
      const codec = definitionOf.get(e.type)!.codec;
      for (const candidate of [{ type: e.type, data: e.data }, ...mutations({ type: e.type, data: e.data })]) {
        const difference = agree(codec, candidate);
        if (difference) differing.push(`${e.type}: ${difference}`);
        compared++;
      }
      for (const metadata of [e.metadata, ...mutations(e.metadata)]) {
        const difference = agree(EventMetadata, metadata);
        if (difference) differing.push(`metadata: ${difference}`);
        compared++;
      }
    }
    expect(differing.slice(0, 5)).toEqual([]);
    expect(compared).toBeGreaterThan(5_000);
  });

  it('decodes the log as before: each sample to the same event, each broken one refused with decode’s words', () => {
    for (const e of samples) {
      expect(decodeEvent(e.type, e.data, e.metadata).event).toEqual({ type: e.type, data: e.data });
      const broken = { ...(e.data as Record<string, unknown>), paxId: 'not a number' };
      const codec = definitionOf.get(e.type)!.codec;
      if (codec.decode({ type: e.type, data: broken })._tag === 'Left') expect(() => decodeEvent(e.type, broken, e.metadata)).toThrow(/^corrupt /);
    }
    const { metadata, type, data } = samples[0];
    expect(() => decodeEvent(type, data, { ...(metadata as object), occurredAt: 'yesterday' })).toThrow(
      /^corrupt metadata on \w+: must be an ISO 8601 UTC instant$/,
    );
  });
});

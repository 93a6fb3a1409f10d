import * as t from 'io-ts';

/** One event type at its current schema version: `{ type, data }` with `data` described by an io-ts codec. */
export const defineEvent = <T extends string, D extends t.Mixed>(type: T, version: number, data: D) => {
  const codec = t.type({ type: t.literal(type), data });
  return {
    type,
    version,
    data,
    codec,
    of: (d: t.TypeOf<D>): t.TypeOf<typeof codec> => ({ type, data: d }) as t.TypeOf<typeof codec>,
  };
};

/** Turns an older version's stored `data` into the next version's. Gets the metadata for values it must derive. */
export type Upcaster = (data: Record<string, unknown>, metadata: { occurredAt: string }) => Record<string, unknown>;

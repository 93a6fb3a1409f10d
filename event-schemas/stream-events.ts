import * as t from 'io-ts';
import type { StreamCategory } from './stream-names';

/** What defineEvent gives: one event type at its current version, with its codec. */
export interface EventDefinition {
  type: string;
  version: number;
  codec: t.Mixed;
}

/**
 * The events one stream category holds: its own union. Deciders fold only their stream's union, and a projection
 * names the unions (or the types of them) it consumes, so a new event type touches its own stream's files.
 */
export interface StreamEvents<D extends readonly EventDefinition[]> {
  category: StreamCategory;
  definitions: D;
  types: ReadonlySet<D[number]['type']>;
}

export const streamEvents = <const D extends readonly EventDefinition[]>(category: StreamCategory, definitions: D): StreamEvents<D> => ({
  category,
  definitions,
  types: new Set(definitions.map((d) => d.type)),
});

/** The union type of a stream's events. */
export type EventsOf<S extends StreamEvents<readonly EventDefinition[]>> = t.TypeOf<S['definitions'][number]['codec']>;

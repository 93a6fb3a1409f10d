import * as t from 'io-ts';
import type { FlowEntries, OutstandingCertificates } from '../../event-schemas/contract/programme-reports';
import type { BodyMatches, Expect } from '../../event-schemas/contract/wire-checks';

/** The drill-downs' answers, for the OpenAPI document (the shapes are event-schemas/contract/programme-reports.ts). */
const Name = t.union([t.string, t.null]);

export const FlowEntriesCodec = t.type({
  items: t.array(t.type({ paxId: t.number, name: Name, day: t.string, points: t.number, eventType: t.string, position: t.string })),
  page: t.number,
  size: t.number,
  totalElements: t.number,
  totalPoints: t.number,
});

export const OutstandingCertificatesCodec = t.type({
  items: t.array(t.type({ certificateId: t.string, paxId: t.number, name: Name, value: t.number })),
  page: t.number,
  size: t.number,
  totalElements: t.number,
  totalValue: t.number,
});

// The documented shapes and the contract's cannot drift apart (a field added to one fails the type-check).
export type DrillDownShapesMatch = [
  Expect<BodyMatches<typeof FlowEntriesCodec, FlowEntries>>,
  Expect<BodyMatches<typeof OutstandingCertificatesCodec, OutstandingCertificates>>,
];

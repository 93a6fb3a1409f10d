import * as t from 'io-ts';
import { Instant, PaxId, PositiveInteger } from './primitives';

/** Who caused an event. Every event names its actor so audit and replay can say who did what. */
export const Actor = t.union([
  t.type({ kind: t.literal('participant'), paxId: PaxId }),
  t.type({ kind: t.literal('admin'), adminId: PaxId }),
  t.type({ kind: t.literal('admin-as-participant'), adminId: PaxId, paxId: PaxId }),
  t.type({ kind: t.literal('practice'), practiceId: PositiveInteger, apiKeyId: PositiveInteger }),
  /** A member of a practice's staff, signed in at /practice. */
  t.type({ kind: t.literal('practice-staff'), practiceId: PositiveInteger, userId: PositiveInteger }),
  t.type({ kind: t.literal('system'), job: t.string }),
]);
export type Actor = t.TypeOf<typeof Actor>;

export const EventMetadata = t.type({
  actor: Actor,
  correlationId: t.string,
  causationId: t.string,
  occurredAt: Instant,
  schemaVersion: PositiveInteger,
});
export type EventMetadata = t.TypeOf<typeof EventMetadata>;

export const describeActor = (a: Actor): string => {
  switch (a.kind) {
    case 'participant':
      return `participant ${a.paxId}`;
    case 'admin':
      return `admin ${a.adminId}`;
    case 'admin-as-participant':
      return `admin ${a.adminId} as participant ${a.paxId}`;
    case 'practice':
      return `practice ${a.practiceId} (key ${a.apiKeyId})`;
    case 'practice-staff':
      return `practice ${a.practiceId} (staff ${a.userId})`;
    case 'system':
      return `system job ${a.job}`;
    default: {
      const never: never = a;
      return never;
    }
  }
};

import type { Actor, DomainEvent, EventMetadata, MemberEvent } from '../../event-schemas';
import { dateIn, endOfDateIn } from '../../event-schemas/calendar';
import { evolveMember, initialMemberState } from '../points/member-state';
import { comparePositions, formatPosition, type Position } from '../../event-schemas/store/position';

export interface HistoryEvent<E extends DomainEvent = DomainEvent> {
  event: E;
  metadata: EventMetadata;
  position: Position;
}

export interface AuditEntry {
  type: string;
  data: Record<string, unknown>;
  actor: Actor;
  occurredAt: string;
  position: string;
}

export const auditEntry = (h: HistoryEvent): AuditEntry => ({
  type: h.event.type,
  data: h.event.data,
  actor: h.metadata.actor,
  occurredAt: h.metadata.occurredAt,
  position: formatPosition(h.position),
});

/** An entry kept outside the log (a change to the member's record): it has a time but no log position. */
export type TimedEntry = Omit<AuditEntry, 'data'> & { data: object };

/**
 * Places entries that have only a time among the log's events: each after the last event that happened at or
 * before it, with the balance that event left (a change to the record moves no points).
 */
function placedByTime(events: Timeline['events'], timed: readonly TimedEntry[]): Timeline['events'] {
  if (timed.length === 0) return events;
  const sorted = [...timed].sort((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt));
  const out: Timeline['events'] = [];
  let next = 0;
  const placeUntil = (before: number) => {
    for (; next < sorted.length && Date.parse(sorted[next].occurredAt) < before; next += 1)
      out.push({ ...sorted[next], data: { ...sorted[next].data }, balanceAfter: out.at(-1)?.balanceAfter ?? 0 });
  };
  for (const e of events) {
    placeUntil(Date.parse(e.occurredAt));
    out.push(e);
  }
  placeUntil(Infinity);
  return out;
}

export interface Timeline {
  balanceAsOf: number;
  events: (AuditEntry & { balanceAfter: number })[];
  /** With asOf: the instant the replay covers up to (the end of that programme date), so a chart ends where it does. */
  asOfEndsAt?: string;
}

/**
 * Replays a member's stream through the same evolve the write side decides with, so the balances shown are the
 * ones the programme acted on. With `asOf`, the replay stops after the last event on or before that programme
 * date (end of day in the programme's time zone): support sees the member's history exactly as it stood then.
 * `alongside` are events of other streams about the member that move no points (an impersonating admin's
 * certificate edits): they are placed in log order with the balance they leave unchanged.
 */
export function memberTimeline(
  history: readonly HistoryEvent<MemberEvent>[],
  timeZone: string,
  asOf?: string,
  alongside: readonly HistoryEvent[] = [],
  recordChanges: readonly TimedEntry[] = [],
): Timeline {
  type Tagged = { own: true; h: HistoryEvent<MemberEvent> } | { own: false; h: HistoryEvent };
  const merged = [...history.map((h): Tagged => ({ own: true, h })), ...alongside.map((h): Tagged => ({ own: false, h }))].sort((a, b) =>
    comparePositions(a.h.position, b.h.position),
  );
  let state = initialMemberState;
  const events: Timeline['events'] = [];
  for (const m of merged) {
    if (asOf !== undefined && dateIn(timeZone, new Date(m.h.metadata.occurredAt)) > asOf) break;
    if (m.own) state = evolveMember(state, m.h.event);
    events.push({ ...auditEntry(m.h), balanceAfter: state.balance });
  }
  const changes = recordChanges.filter((c) => asOf === undefined || dateIn(timeZone, new Date(c.occurredAt)) <= asOf);
  return {
    balanceAsOf: state.balance,
    events: placedByTime(events, changes),
    ...(asOf === undefined ? {} : { asOfEndsAt: endOfDateIn(timeZone, asOf).toISOString() }),
  };
}

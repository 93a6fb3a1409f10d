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
  return { balanceAsOf: state.balance, events, ...(asOf === undefined ? {} : { asOfEndsAt: endOfDateIn(timeZone, asOf).toISOString() }) };
}

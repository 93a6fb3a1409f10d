import type { Actor, TimelineEntry } from './api/member-care-api';

/** One line of the support replay, ready to show: what happened, by whom, and what it did to the balance. */
export interface TimelineRow {
  position: string;
  type: string;
  label: string;
  /** The balance change this event made; 0 for events that move no points (a treatment recorded, a sign-in as the member). */
  change: number;
  detail: string;
  actor: string;
  occurredAt: string;
  balanceAfter: number;
}

/** "PointsAwarded" → "Points awarded". */
export const eventLabel = (type: string): string => {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Who did it, in support's words: the member, an admin, an admin acting as the member, a practice, or a system job. */
export const actorLabel = (actor: Actor): string => {
  switch (actor.kind) {
    case 'participant':
      return 'Member';
    case 'admin':
      return `Admin #${actor.adminId}`;
    case 'admin-as-participant':
      return `Admin #${actor.adminId} as member`;
    case 'practice':
      return `Practice #${actor.practiceId}`;
    case 'system':
      return `System job (${actor.job})`;
    default: {
      const never: never = actor;
      return String(never);
    }
  }
};

const detailOf = (data: Record<string, unknown>): string => (typeof data.description === 'string' ? data.description : '');

/** The change is read from consecutive balances, so it is exactly what the replay did, whatever the event's shape. */
export const timelineRows = (events: readonly TimelineEntry[]): TimelineRow[] => {
  let before = 0;
  return events.map((e) => {
    const row: TimelineRow = {
      position: e.position,
      type: e.type,
      label: eventLabel(e.type),
      change: e.balanceAfter - before,
      detail: detailOf(e.data ?? {}),
      actor: actorLabel(e.actor),
      occurredAt: e.occurredAt,
      balanceAfter: e.balanceAfter,
    };
    before = e.balanceAfter;
    return row;
  });
};

export const signedPoints = (change: number): string =>
  change > 0 ? `+${change.toLocaleString('en-US')}` : change < 0 ? `−${Math.abs(change).toLocaleString('en-US')}` : '—';

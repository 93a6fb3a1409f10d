import { ProgrammeDates } from '../event-schemas/calendar';
import type { ProjectedEvent } from './projection';

/** One ProgrammeDates a time zone, so every read model's days are the same string objects (cheap map keys). */
const calendars = new Map<string, ProgrammeDates>();

/** Programme days in one time zone: of an event (when it happened), or of any instant. */
export interface ProgrammeDays {
  ofEvent(e: ProjectedEvent): string;
  ofInstant(iso: string): string;
}

/**
 * The programme day each event happened (its occurredAt in the programme's time zone) is worked out once per event,
 * whichever read models ask. The activity and the programme report both date nearly every event of a rebuild, and
 * they are handed the same event objects (shared-reads.ts): the second finds the day the first kept in the event's slot
 * for it. An event dated in another time zone is worked out again (and kept for that zone).
 */
export function programmeDays(timeZone: string): ProgrammeDays {
  let dates = calendars.get(timeZone);
  if (!dates) calendars.set(timeZone, (dates = new ProgrammeDates(timeZone)));
  const calendar = dates;
  return {
    ofEvent(e) {
      const kept = e.day;
      if (kept?.zone === timeZone) return kept.day!;
      const day = calendar.dateOf(e.metadata.occurredAt);
      if (kept) {
        kept.zone = timeZone;
        kept.day = day;
      }
      return day;
    },
    ofInstant: (iso) => calendar.dateOf(iso),
  };
}

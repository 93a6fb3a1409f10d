import { dateIn, DEFAULT_PROGRAMME_TIME_ZONE } from '../../../event-schemas/calendar';

/**
 * "Today" for the client is the programme's date, as the server reckons it, never UTC's: after 4 pm Pacific, UTC is
 * already tomorrow, and a screen comparing dates with it called a certificate usable a day early or a birthday wrong.
 */
let zone = DEFAULT_PROGRAMME_TIME_ZONE;

/** Takes the programme's zone from GET /client-config (client-config.ts); until it arrives, the default zone holds. */
export const adoptProgrammeTimeZone = (timeZone: string): void => {
  zone = timeZone;
};

/** The programme's date at `now`, `YYYY-MM-DD`. */
export const programmeToday = (now: Date = new Date()): string => dateIn(zone, now);

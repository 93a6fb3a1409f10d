import type { CertificateStatus } from '../../event-schemas';
import { addDays } from '../../event-schemas/calendar';

export interface ReminderFacts {
  /** The certificate's last valid day, `YYYY-MM-DD`. */
  expirationDate: string;
  /** The campaign's daysBeforeExpirationToSendReminder; null when it sends no reminder. */
  daysBefore: number | null;
  /** The programme date of the run, `YYYY-MM-DD`. */
  today: string;
  /**
   * The programme date now. The scheduler runs missed dates later (the day before on a first start, every date a
   * downtime skipped), so a run for an earlier date can happen after the offer's last day.
   */
  actualToday: string;
  status: CertificateStatus;
  alreadySent: boolean;
}

/** The programme date a reminder is due: `days` calendar days before the expiration date. */
export const reminderDate = (expirationDate: string, daysBefore: number): string => addDays(expirationDate, -daysBefore);

/**
 * Pure: whether a run on `today` sends the expiration reminder. Due from the reminder date on, so a day the job did
 * not run is caught up by the next run; never once sent, never for a certificate that is no longer ACTIVE, and never
 * after its expiration date (it would remind of something already gone). An offer issued after its reminder date
 * (a validity shorter than the reminder window) is reminded on the first run after issue: it does expire that soon.
 */
export function reminderDue(f: ReminderFacts): boolean {
  if (f.daysBefore === null || f.alreadySent || f.status !== 'ACTIVE') return false;
  const latest = f.actualToday > f.today ? f.actualToday : f.today;
  return reminderDate(f.expirationDate, f.daysBefore) <= f.today && latest <= f.expirationDate;
}

import { yearOf } from '../../../../event-schemas/calendar';
import { parseUsDate } from '../../lib/format';
import { programmeToday } from '../../lib/programme-calendar';
import { dateRangeErrors } from '../../lib/validation';

export type FilterMode = 'year' | 'range';

export interface FilterInput {
  mode: FilterMode;
  year: number;
  start: string;
  end: string;
}

/** The range to ask for, or the messages to show: Year covers Jan 1 to Dec 31; a range needs two valid dates in order. */
export const resolveFilter = (input: FilterInput): { range: { start: string; end: string } } | { errors: ReturnType<typeof dateRangeErrors> } => {
  if (input.mode === 'year') return { range: { start: `${input.year}-01-01`, end: `${input.year}-12-31` } };
  const start = parseUsDate(input.start);
  const end = parseUsDate(input.end);
  const errors = dateRangeErrors(start, end);
  if (errors.start || errors.end || !start || !end) return { errors };
  return { range: { start, end } };
};

/** This year and the `count - 1` before it, this year being the programme's (after 4 pm Pacific on Dec 31, UTC's is next year). */
export const yearsBack = (now: Date, count = 5): number[] => Array.from({ length: count }, (_, i) => yearOf(programmeToday(now)) - i);

/**
 * The years the Year filter offers: yearsBack, none before the year the member joined (it offered years before they
 * had any activity to show, issue 54 item 16). Until the joining date is known, yearsBack as it is.
 */
export const yearsOfMembership = (now: Date, enrolledOn: string | null, count = 5): number[] =>
  yearsBack(now, count).filter((y) => enrolledOn === null || y >= yearOf(enrolledOn));

import type { Actor } from '../../../event-schemas';
import type { Agenda } from './agenda';
import type { SyntheticCatalogue } from './catalogue';
import type { MemberLedger } from './member-ledger';
import type { Person } from './people';
import type { Random } from './random';

/**
 * What every part of one member's history shares: who they are, the programme, the member's random stream (its calls'
 * order is part of the history: the same seed and n must give the same events), their days and what is written.
 */
export interface HistoryContext {
  c: SyntheticCatalogue;
  seed: number;
  n: number;
  paxId: number;
  who: Person;
  random: Random;
  agenda: Agenda;
  ledger: MemberLedger;
  /** The member acting for themselves. */
  self: Actor;
  enrolledDate: string;
  /** Days from enrollment to the programme's today, both counted. */
  daysEnrolled: number;
  /** A daytime instant of `date` when the member is already enrolled. */
  during: (date: string) => string;
}

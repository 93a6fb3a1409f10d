import { right } from 'fp-ts/Either';
import { PointsExpired, type MemberEvent } from '../../event-schemas';
import type { Decider } from '../core/decider';
import { evolveMember, initialMemberState, type MemberState } from './member-state';

export interface ExpireLots {
  paxId: number;
  /** Programme date; a lot expiring on it is still good today and expires tomorrow. */
  today: string;
}

/** Expires what is left of every lot whose expiration date has passed. Running it twice expires nothing more. */
export const expireLots: Decider<ExpireLots, MemberState, MemberEvent> = {
  initialState: initialMemberState,
  evolve: evolveMember,
  decide: (c, state) =>
    right(
      state.lots
        .filter((l) => l.remaining > 0 && l.expirationDate < c.today)
        .map((l) => PointsExpired.of({ paxId: c.paxId, lotId: l.lotId, amount: l.remaining, expirationDate: l.expirationDate })),
    ),
};

import { right } from 'fp-ts/Either';
import { PointsAwarded, type MemberEvent } from '../../event-schemas';
import type { Decider } from '../core/decider';
import { evolveMember, initialMemberState, type MemberState } from '../points/member-state';

export interface AwardReferral {
  paxId: number;
  lotId: string;
  amount: number;
  description: string;
  expirationDate: string;
  /** `referral-{newPaxId}` on both streams: each member is rewarded at most once per referred friend. */
  idempotencyKey: string;
}

/** Credits one side of a referral, unless this member's stream already holds an award with the same key. */
export const awardReferral: Decider<AwardReferral, MemberState, MemberEvent> = {
  initialState: initialMemberState,
  evolve: evolveMember,
  decide: (c, state) =>
    right(
      state.usedAwardKeys.has(c.idempotencyKey) || c.amount <= 0
        ? []
        : [
            PointsAwarded.of({
              paxId: c.paxId,
              lotId: c.lotId,
              amount: c.amount,
              description: c.description,
              source: 'REFERRAL',
              expirationDate: c.expirationDate,
              idempotencyKey: c.idempotencyKey,
            }),
          ],
    ),
};

export const referralKey = (newPaxId: number) => `referral-${newPaxId}`;
/** Lot ids are unique across the log (the activity read model keys rows by them), hence the side in the name. */
export const referralLotId = (newPaxId: number, side: 'referrer' | 'referred') => `referral-${newPaxId}-${side}`;

import type { GivePointsBody as WireGivePoints } from '../../event-schemas/contract/participants';
import type { AcceptedBody } from '../../event-schemas/contract/wire-checks';
import { left, right } from 'fp-ts/Either';
import * as t from 'io-ts';
import { PointsAwarded, type MemberEvent } from '../../event-schemas';
import { boundedString, IsoDate, refined } from '../../event-schemas/primitives';
import { addMonths } from '../../event-schemas/calendar';
import { monthsAfter } from './award-dates';
import { domainError, type Decider } from '../core/decider';
import { evolveMember, initialMemberState, type MemberState } from './member-state';

export { MAX_ADMIN_AWARD } from '../../event-schemas/contract/rules';
import { MAX_ADMIN_AWARD, MAX_AWARD_DESCRIPTION } from '../../event-schemas/contract/rules';

export const GivePointsBody = t.intersection([
  t.type({
    amount: refined(
      t.number,
      'AwardAmount',
      `must be a whole number from 1 to ${MAX_ADMIN_AWARD}`,
      (n) => Number.isInteger(n) && n >= 1 && n <= MAX_ADMIN_AWARD,
      { type: 'integer', minimum: 1, maximum: MAX_ADMIN_AWARD },
    ),
    description: boundedString(MAX_AWARD_DESCRIPTION),
    idempotencyKey: boundedString(100),
  }),
  t.partial({ expirationDate: t.union([IsoDate, t.null]) }),
]);
export type GivePointsBody = t.TypeOf<typeof GivePointsBody>;
/** Member care sends the contract's body (event-schemas/contract/participants.ts); the codec accepts it. */
export type GivePointsBodyAccepted = AcceptedBody<typeof GivePointsBody, WireGivePoints>;

export interface GivePoints extends GivePointsBody {
  paxId: number;
  lotId: string;
  /** Today in the programme's time zone, for the default expiry and for refusing a past expiry. */
  today: string;
  defaultExpiryMonths: number;
}

/** Month arithmetic lives in the calendar; addMonths stays importable from here, where its tests were written. */
export { addMonths };

export const givePoints: Decider<GivePoints, MemberState, MemberEvent> = {
  initialState: initialMemberState,
  evolve: evolveMember,
  decide: (c, state) => {
    if (state.usedAwardKeys.has(c.idempotencyKey)) return right([]);
    const expirationDate = c.expirationDate ?? monthsAfter(c.today, c.defaultExpiryMonths);
    if (expirationDate <= c.today) return left(domainError('validation', 'must be after today', 'body.expirationDate'));
    return right([
      PointsAwarded.of({
        paxId: c.paxId,
        lotId: c.lotId,
        amount: c.amount,
        description: c.description.trim(),
        source: 'ADMIN',
        expirationDate,
        idempotencyKey: c.idempotencyKey,
      }),
    ]);
  },
};

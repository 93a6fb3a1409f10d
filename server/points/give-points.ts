import { left, right } from 'fp-ts/Either';
import * as t from 'io-ts';
import { PointsAwarded, type MemberEvent } from '../../event-schemas';
import { boundedString, IsoDate, refined } from '../../event-schemas/primitives';
import { domainError, type Decider } from '../core/decider';
import { evolveMember, initialMemberState, type MemberState } from './member-state';

export { MAX_ADMIN_AWARD } from '../../event-schemas/contract/rules';
import { MAX_ADMIN_AWARD } from '../../event-schemas/contract/rules';

export const GivePointsBody = t.intersection([
  t.type({
    amount: refined(
      t.number,
      'AwardAmount',
      `must be a whole number from 1 to ${MAX_ADMIN_AWARD}`,
      (n) => Number.isInteger(n) && n >= 1 && n <= MAX_ADMIN_AWARD,
      { type: 'integer', minimum: 1, maximum: MAX_ADMIN_AWARD },
    ),
    description: boundedString(200),
    idempotencyKey: boundedString(100),
  }),
  t.partial({ expirationDate: t.union([IsoDate, t.null]) }),
]);
export type GivePointsBody = t.TypeOf<typeof GivePointsBody>;

export interface GivePoints extends GivePointsBody {
  paxId: number;
  lotId: string;
  /** Today in the programme's time zone, for the default expiry and for refusing a past expiry. */
  today: string;
  defaultExpiryMonths: number;
}

export const addMonths = (isoDate: string, months: number): string => {
  const [y, m, d] = isoDate.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
};

export const givePoints: Decider<GivePoints, MemberState, MemberEvent> = {
  initialState: initialMemberState,
  evolve: evolveMember,
  decide: (c, state) => {
    if (state.usedAwardKeys.has(c.idempotencyKey)) return right([]);
    const expirationDate = c.expirationDate ?? addMonths(c.today, c.defaultExpiryMonths);
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

import type { RedeemBody } from '../../event-schemas/contract/participants';
import type { BodyMatches, Expect } from '../../event-schemas/contract/wire-checks';
import { left, right } from 'fp-ts/Either';
import * as t from 'io-ts';
import { PointsRedeemed, type MemberEvent } from '../../event-schemas';
import { refined, withRule } from '../../event-schemas/primitives';
import { isRedeemTier, REDEEM_TIER_RULE, REDEEM_TIERS } from '../../event-schemas/contract/redeem-tiers';
import { domainError, type Decider } from '../core/decider';
import { evolveMember, initialMemberState, type MemberState, type PointLot } from './member-state';
import { addDays } from '../../event-schemas/calendar';

/** Spec section 9: rewards expire 60 days from issuance. */
export const REWARD_VALIDITY_DAYS = 60;

export const RedeemPointsBody = t.type({
  amount: refined(t.number, 'RedeemAmount', REDEEM_TIER_RULE, isRedeemTier, { type: 'integer', enum: [...REDEEM_TIERS] }),
  type: withRule(t.literal('CONSUMER'), 'must be CONSUMER'),
});
export type RedeemPointsBody = t.TypeOf<typeof RedeemPointsBody>;
/** The wallet sends the contract's body (event-schemas/contract/participants.ts); the codec accepts a tier of it. */
export type RedeemBodyMatches = Expect<BodyMatches<typeof RedeemPointsBody, RedeemBody>>;

export interface RedeemPoints {
  paxId: number;
  amount: number;
  /** Programme date: lots expiring before it cannot be spent, and the certificate's 60 days count from it. */
  today: string;
  certificateId: string;
  certificateCode: string;
  divisor: number;
}

/** Lots that can still be spent today, earliest-expiring first (award order breaks ties). */
export const spendableLots = (lots: readonly PointLot[], today: string): PointLot[] =>
  lots
    .filter((l) => l.remaining > 0 && l.expirationDate >= today)
    .sort((a, b) => (a.expirationDate < b.expirationDate ? -1 : a.expirationDate > b.expirationDate ? 1 : 0));

export const spendableBalance = (state: MemberState, today: string): number => spendableLots(state.lots, today).reduce((sum, l) => sum + l.remaining, 0);

/** Why a member who owes points cannot spend any, in the member's words. */
export const owedRefusal = (owed: number) =>
  `Your balance is -${owed} points: a treatment was voided after its points were spent, so its points were taken back. The points you earn next pay that back first; you can redeem again once your balance is above zero.`;

export const certificateValue = (points: number, divisor: number): number => Math.round((points / divisor) * 100) / 100;

/** Spends points on a reward certificate. Appended at the expected revision, so two requests cannot spend the same lot. */
export const redeemPoints: Decider<RedeemPoints, MemberState, MemberEvent> = {
  initialState: initialMemberState,
  evolve: evolveMember,
  decide: (c, state) => {
    if (!isRedeemTier(c.amount)) return left(domainError('validation', REDEEM_TIER_RULE, 'body.amount'));
    if (state.owed > 0) return left(domainError('insufficient-points', owedRefusal(state.owed)));
    const available = spendableBalance(state, c.today);
    if (available < c.amount)
      return left(domainError('insufficient-points', `Redeeming ${c.amount} points needs ${c.amount - available} more than the ${available} available`));
    let due: number = c.amount;
    const consumed: { lotId: string; amount: number }[] = [];
    for (const lot of spendableLots(state.lots, c.today)) {
      if (due === 0) break;
      const take = Math.min(due, lot.remaining);
      consumed.push({ lotId: lot.lotId, amount: take });
      due -= take;
    }
    return right([
      PointsRedeemed.of({
        paxId: c.paxId,
        certificateId: c.certificateId,
        certificateCode: c.certificateCode,
        amount: c.amount,
        value: certificateValue(c.amount, c.divisor),
        consumed,
        expirationDate: addDays(c.today, REWARD_VALIDITY_DAYS),
      }),
    ]);
  },
};

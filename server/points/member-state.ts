import type { MemberEvent } from '../../event-schemas';
import { repaymentFrom } from '../../event-schemas/points-reversed';
import { GrowOnlyList, GrowOnlySet } from '../core/grow-only';

export interface PointLot {
  lotId: string;
  remaining: number;
  expirationDate: string;
}

/** What the write side needs to know about a member to decide point commands. */
export interface MemberState {
  balance: number;
  /** Every lot, in award order (spent ones included). */
  readonly lots: readonly PointLot[];
  /** The same lots as the fold grows them: an award adds one without copying the others (server/core/grow-only.ts). */
  readonly lotList: GrowOnlyList<PointLot>;
  /** Admin award idempotency keys already used, so a retried request awards nothing. */
  usedAwardKeys: GrowOnlySet<string>;
  /**
   * Points a reversal took back that no lot held any more (they were spent): the balance is the lots' sum less this,
   * so it may be below zero. Each later award pays it back before its lot holds anything.
   */
  owed: number;
}

/** A state whose `lots` array is made from its list only when a decision reads it (a redemption, an expiry run). */
const memberState = (balance: number, lotList: GrowOnlyList<PointLot>, usedAwardKeys: GrowOnlySet<string>, owed: number): MemberState => ({
  balance,
  lotList,
  usedAwardKeys,
  owed,
  get lots() {
    return lotList.toArray();
  },
});

export const initialMemberState: MemberState = memberState(0, GrowOnlyList.empty(), GrowOnlySet.empty(), 0);

export const evolveMember = (state: MemberState, event: MemberEvent): MemberState => {
  switch (event.type) {
    case 'PointsAwarded': {
      const d = event.data;
      const repaid = repaymentFrom(state.owed, d.amount);
      return memberState(
        state.balance + d.amount,
        state.lotList.with({ lotId: d.lotId, remaining: d.amount - repaid, expirationDate: d.expirationDate }),
        d.idempotencyKey ? state.usedAwardKeys.with(d.idempotencyKey) : state.usedAwardKeys,
        state.owed - repaid,
      );
    }
    // A voided treatment's points leave the lots that still hold them; what they no longer hold is owed.
    case 'PointsReversed': {
      const spent = spendLots(state, event.data.consumed);
      return memberState(spent.balance - event.data.owed, spent.lotList, spent.usedAwardKeys, spent.owed + event.data.owed);
    }
    case 'PointsRedeemed':
      return spendLots(state, event.data.consumed);
    case 'PointsExpired':
    // An erasure forfeits what each lot has left.
    case 'PointsForfeited':
      return spendLots(state, [event.data]);
    // A gift-certificate order spends its lots like a redemption does.
    case 'GiftCertificatesPurchased':
      return spendLots(state, event.data.consumed);
    case 'ImpersonationStarted':
    case 'ImpersonationEnded':
    case 'MessagePreferencesChanged':
    // The erasure's forfeits (appended with it) emptied the lots; nothing is decided on the stream after it.
    case 'MemberErased':
    // An abandoned checkout spent nothing.
    case 'GiftOrderAbandoned':
    // A survey's points arrive as their own PointsAwarded in the same append.
    case 'SurveySubmitted':
    // A treatment's award arrives as its own PointsAwarded; the caps it feeds are server/treatments/earning-state.ts's.
    case 'TreatmentPointsComputed':
    // A promotion's points arrive as their own PointsAwarded (source PROMOTION) in the same append.
    case 'PromotionAwardEarned':
      return state;
    default: {
      const never: never = event;
      return never;
    }
  }
};

/** Takes spent or expired points out of their lots; the balance is always the sum of what the lots have left. */
const spendLots = (state: MemberState, spent: readonly { lotId: string; amount: number }[]): MemberState => {
  const byLot = new Map<string, number>();
  for (const s of spent) byLot.set(s.lotId, (byLot.get(s.lotId) ?? 0) + s.amount);
  let total = 0;
  const lots = state.lots.map((l) => {
    const amount = byLot.get(l.lotId);
    if (amount === undefined) return l;
    total += amount;
    return { ...l, remaining: l.remaining - amount };
  });
  return memberState(state.balance - total, GrowOnlyList.of(lots), state.usedAwardKeys, state.owed);
};

import type { EventOfType, PromotionEvent, PromotionStatus } from '../../event-schemas';
import { noPayoutRules, type PayoutAndRules } from '../../event-schemas/promotion-payout';

export type PromotionFacts = Omit<EventOfType<'PromotionCreated'>['data'], 'payoutAndRules'> & { payoutAndRules: PayoutAndRules };

export interface Promotion extends PromotionFacts {
  kind: 'created';
  status: PromotionStatus;
  /** The stream revision of the last event folded: a payout names the revision its rules were read at. */
  revision: number;
}

/** A promotion stream folded: nothing yet, or the promotion as it stands now. */
export type PromotionState = { kind: 'none' } | Promotion;

/** The stored facts of a promotion, without the fold's bookkeeping (kind, status, revision). */
export const factsOf = ({ kind: _kind, status: _status, revision: _revision, ...facts }: Promotion): PromotionFacts => facts;

export const initialPromotionState: PromotionState = { kind: 'none' };

export const evolvePromotion = (state: PromotionState, event: PromotionEvent): PromotionState => {
  const next = state.kind === 'created' ? state.revision + 1 : 0;
  switch (event.type) {
    case 'PromotionCreated':
      // Promotions created before payout rules existed pay nothing.
      return { kind: 'created', ...event.data, payoutAndRules: event.data.payoutAndRules ?? noPayoutRules, status: 'NEW', revision: 0 };
    case 'PromotionRevised':
      return state.kind === 'created' ? { ...state, ...event.data.changes, revision: next } : state;
    case 'PromotionStatusChanged':
      return state.kind === 'created' ? { ...state, status: event.data.to, revision: next } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
};

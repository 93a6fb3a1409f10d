import { left, right } from 'fp-ts/Either';
import { PromotionStatusChanged, type PromotionEvent } from '../../event-schemas';
import { domainError, type Decider } from '../core/decider';
import { evolvePromotion, initialPromotionState, type PromotionState } from './promotion-state';
import { statusActions, type StatusAction } from './promotion-statuses';

export interface ChangePromotionStatus {
  action: StatusAction;
  reason: string | null;
  /** The programme date the command runs on: a promotion whose window is over cannot be published. */
  today: string;
}

/** Publish, revert to draft, end or stop payments: one decider, the transition table in promotion-statuses.ts. */
export const changePromotionStatus: Decider<ChangePromotionStatus, PromotionState, PromotionEvent> = {
  initialState: initialPromotionState,
  evolve: evolvePromotion,
  decide: (c, state) => {
    if (state.kind === 'none') return left(domainError('not-found', 'This promotion was not found'));
    const rule = statusActions[c.action];
    if (!rule.from.includes(state.status)) return left(domainError('invalid-state', `Cannot ${rule.label} a ${state.status} promotion`));
    if (c.action === 'publish' && state.thruDate < c.today)
      return left(domainError('invalid-state', `This promotion ended on ${state.thruDate} and cannot be published`));
    return right([PromotionStatusChanged.of({ promotionId: state.promotionId, from: state.status, to: rule.to, reason: c.reason })]);
  },
};

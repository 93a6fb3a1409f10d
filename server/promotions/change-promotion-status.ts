import { left, right } from 'fp-ts/Either';
import { PromotionStatusChanged, type PromotionEvent, type PublishedForecast } from '../../event-schemas';
import { domainError, type Decider } from '../core/decider';
import { evolvePromotion, initialPromotionState, type PromotionState } from './promotion-state';
import { statusActions, type StatusAction } from './promotion-statuses';

export interface ChangePromotionStatus {
  action: StatusAction;
  reason: string | null;
  /** The programme date the command runs on: a promotion whose window is over cannot be published. */
  today: string;
  /**
   * On a publish: the forecast shown for it, recorded with the publication (published-forecast.ts), worked out on the
   * promotion at `revision` (its count of revisions): one revised since is refused rather than recorded wrongly.
   */
  forecast?: { of: PublishedForecast; revision: number };
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
    if (c.action === 'publish' && c.forecast && c.forecast.revision !== state.revision)
      return left(domainError('conflict', 'This promotion was changed while it was being published: publish it again'));
    const forecast = c.action === 'publish' && c.forecast ? { forecast: c.forecast.of } : {};
    return right([PromotionStatusChanged.of({ promotionId: state.promotionId, from: state.status, to: rule.to, reason: c.reason, ...forecast })]);
  },
};

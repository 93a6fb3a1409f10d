import type { EventOfType, PromotionEvent, PromotionStatus } from '../../event-schemas';

export type PromotionFacts = EventOfType<'PromotionCreated'>['data'];

export interface Promotion extends PromotionFacts {
  kind: 'created';
  status: PromotionStatus;
}

/** A promotion stream folded: nothing yet, or the promotion as it stands now. */
export type PromotionState = { kind: 'none' } | Promotion;

export const initialPromotionState: PromotionState = { kind: 'none' };

export const evolvePromotion = (state: PromotionState, event: PromotionEvent): PromotionState => {
  switch (event.type) {
    case 'PromotionCreated':
      return { kind: 'created', ...event.data, status: 'NEW' };
    case 'PromotionStatusChanged':
      return state.kind === 'created' ? { ...state, status: event.data.to } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
};

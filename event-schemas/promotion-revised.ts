import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { IsoDate, PositiveInteger, Uuid } from './primitives';
import { PromotionWebsite } from './promotion-created';
import { PayoutAndRules } from './promotion-payout';

/** The wizard's four sections: a revision names the ones it changed. */
export const PromotionSection = t.keyof({ overview: null, participants: null, payoutAndRules: null, website: null });
export type PromotionSection = t.TypeOf<typeof PromotionSection>;

/**
 * A NEW or DRAFT promotion edited in the wizard: only the fields that changed, grouped under the sections named in
 * `sections`, so the audit answers who changed what. A published promotion is never revised (its payouts name the
 * revision they were decided on).
 */
export const PromotionRevised = defineEvent(
  'PromotionRevised',
  1,
  t.type({
    promotionId: Uuid,
    sections: t.array(PromotionSection),
    changes: t.partial({
      name: t.string,
      description: t.string,
      promotionCode: t.string,
      fromDate: IsoDate,
      thruDate: IsoDate,
      groupIds: t.array(PositiveInteger),
      certificateCategoryCode: t.union([t.string, t.null]),
      website: PromotionWebsite,
      payoutAndRules: PayoutAndRules,
    }),
  }),
);

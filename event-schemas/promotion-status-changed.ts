import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { PromotionStatus } from './promotion-created';
import { Dollars } from './points-redeemed';
import { IsoDate, NonNegativeInteger, Uuid } from './primitives';

/**
 * What the wizard's forecast said when the promotion was published: its rules replayed on the processed treatments of
 * the window (or of the 90 days before, when the window was ahead), on the day of publication. Kept so that the
 * promotion results report compares what was paid with what was promised then, not with a replay on later data.
 */
export const PublishedForecast = t.type({
  from: IsoDate,
  to: IsoDate,
  lookback: t.boolean,
  members: NonNegativeInteger,
  treatments: NonNegativeInteger,
  points: NonNegativeInteger,
  certificates: NonNegativeInteger,
  /** A certificate award's value then (its category's first variant); null for a points promotion. */
  certificateValue: t.union([Dollars, t.null]),
});
export type PublishedForecast = t.TypeOf<typeof PublishedForecast>;

/** A promotion moved from one status to another; the admin who did it is the event's actor. */
export const PromotionStatusChanged = defineEvent(
  'PromotionStatusChanged',
  1,
  t.intersection([
    t.type({
      promotionId: Uuid,
      from: PromotionStatus,
      to: PromotionStatus,
      reason: t.union([t.string, t.null]),
    }),
    // On a publication (to ACTIVE) since the forecast was recorded. Optional and still version 1: earlier
    // publications and every other change decode without it.
    t.partial({ forecast: PublishedForecast }),
  ]),
);

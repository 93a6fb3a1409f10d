import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { IsoDate, NonNegativeInteger, PaxId, PositiveInteger, Uuid } from './primitives';
import { ProductCategory } from './treatment-recorded';

/** What one line item earned, and why it earned less than it asked for (for "Why Didn't I Earn Points?"). */
export const LineAward = t.type({
  lineIndex: NonNegativeInteger,
  productId: PositiveInteger,
  category: ProductCategory,
  requested: NonNegativeInteger,
  awarded: NonNegativeInteger,
  cutReason: t.union([t.string, t.null]),
  expirationDate: t.union([IsoDate, t.null]),
});
export type LineAward = t.TypeOf<typeof LineAward>;

/**
 * On the member stream: the earning decision for one treatment, taken at the member's expected revision so the
 * per-date cap and the partner daily limit hold under concurrency. It credits nothing itself: the PointsAwarded
 * events appended with it do. `expectedPoints` releases the pending estimate recorded with the treatment.
 */
export const TreatmentPointsComputed = defineEvent(
  'TreatmentPointsComputed',
  1,
  t.type({
    paxId: PaxId,
    treatmentId: Uuid,
    dateOfService: IsoDate,
    lines: t.array(LineAward),
    totalAwarded: NonNegativeInteger,
    expectedPoints: NonNegativeInteger,
    reasons: t.array(t.string),
  }),
);

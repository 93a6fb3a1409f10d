import * as t from 'io-ts';
import { addYearsRollingLeapDay, utcDateOf } from './calendar';
import { defineEvent, type Upcaster } from './define-event';
import { IsoDate, PaxId, PositiveInteger } from './primitives';

export const AwardSource = t.keyof({ ADMIN: null, TREATMENT: null, PARTNER: null, SURVEY: null, PROMOTION: null, REFERRAL: null, BONUS: null });
export type AwardSource = t.TypeOf<typeof AwardSource>;

/**
 * Points credited to a member as one lot that expires on `expirationDate`.
 * v1 (before lots existed) had only paxId, amount and description.
 */
export const PointsAwarded = defineEvent(
  'PointsAwarded',
  2,
  t.type({
    paxId: PaxId,
    lotId: t.string,
    amount: PositiveInteger,
    description: t.string,
    source: AwardSource,
    expirationDate: IsoDate,
    idempotencyKey: t.union([t.string, t.null]),
  }),
);

/**
 * v1 awards were admin awards with the programme's 12-month default expiry, counted from when they happened. The date
 * is UTC's, and Feb 29 rolls to Mar 1, as the expiry dates already projected from these events were reckoned.
 */
export const pointsAwardedV1ToV2: Upcaster = (data, metadata) => {
  return {
    ...data,
    lotId: `legacy-${String(metadata.occurredAt)}`,
    source: 'ADMIN',
    expirationDate: addYearsRollingLeapDay(utcDateOf(new Date(metadata.occurredAt)), 1),
    idempotencyKey: null,
  };
};

import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { IsoDate, PaxId, PositiveInteger, refined, Uuid } from './primitives';

/** How much of one lot a redemption spent; listed earliest-expiring first, as they were consumed. */
export const ConsumedLot = t.type({ lotId: t.string, amount: PositiveInteger });
export type ConsumedLot = t.TypeOf<typeof ConsumedLot>;

export const Dollars = refined(
  t.number,
  'Dollars',
  'must be an amount of 0 or more in whole cents',
  (n) => n >= 0 && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9,
  {
    minimum: 0,
    multipleOf: 0.01,
  },
);

/**
 * A member spent points on a reward certificate. This, appended at the member stream's expected revision, is the
 * decision that spends the points; the certificate's own stream gets its CertificateIssued from it.
 */
export const PointsRedeemed = defineEvent(
  'PointsRedeemed',
  1,
  t.type({
    paxId: PaxId,
    certificateId: Uuid,
    certificateCode: t.string,
    amount: PositiveInteger,
    value: Dollars,
    consumed: t.array(ConsumedLot),
    expirationDate: IsoDate,
  }),
);

import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { IsoDate, PaxId, PositiveInteger } from './primitives';

/** What was left of a lot when it passed its expiration date; it no longer counts in the balance. */
export const PointsExpired = defineEvent(
  'PointsExpired',
  1,
  t.type({
    paxId: PaxId,
    lotId: t.string,
    amount: PositiveInteger,
    expirationDate: IsoDate,
  }),
);

import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { IsoDate, NonNegativeInteger, PaxId, Uuid } from './primitives';
import { ConsumedLot } from './points-redeemed';

/**
 * On the member stream: a voided treatment's award taken back, decided at the member's revision so it races the
 * nightly award with exactly one outcome (a treatment reversed before it was awarded is never awarded after).
 * `amount` is every point the treatment earned (its treatment and partner lines and any promotion points it paid);
 * `consumed` is what came out of lots that still held points (the treatment's own lots first); the rest, `owed`,
 * leaves the balance below zero, and later awards pay it back before they count (server/points/member-state.ts).
 * `pendingReleased` is the estimate a still-pending treatment showed. The per-date caps get the reversed points back.
 */
export const PointsReversed = defineEvent(
  'PointsReversed',
  1,
  t.type({
    paxId: PaxId,
    treatmentId: Uuid,
    dateOfService: IsoDate,
    amount: NonNegativeInteger,
    treatmentPoints: NonNegativeInteger,
    partnerPoints: NonNegativeInteger,
    promotionPoints: NonNegativeInteger,
    consumed: t.array(ConsumedLot),
    owed: NonNegativeInteger,
    pendingReleased: NonNegativeInteger,
  }),
);

/**
 * What of a later award of `amount` pays back points a reversal left owed: all of it until the debt is gone. The
 * write side's fold and every read model that holds lots use this one rule, so they agree on what each lot holds.
 */
export const repaymentFrom = (owed: number, amount: number): number => Math.min(owed, amount);

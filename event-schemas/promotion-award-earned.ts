import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { IsoDate, NonNegativeInteger, PaxId, PositiveInteger, Uuid } from './primitives';
import { PromotionAwardType } from './promotion-payout';
import { Dollars } from './points-redeemed';

/**
 * On the member stream: a promotion paid for one processed treatment, decided at the member's expected revision so a
 * treatment pays a promotion at most once and the promotion's daily cap holds. It names the promotion, the revision
 * of the promotion stream the rules were read at, the rule and tier that paid, and the treatment, so the ledger
 * explains every point. A POINT award is credited by the PointsAwarded (source PROMOTION, lot `lotId`) appended with
 * it; a CERTIFICATE award is issued on the stream of `certificateId`.
 */
export const PromotionAwardEarned = defineEvent(
  'PromotionAwardEarned',
  1,
  t.type({
    paxId: PaxId,
    promotionId: Uuid,
    promotionRevision: NonNegativeInteger,
    promotionName: t.string,
    ruleId: t.string,
    ruleName: t.string,
    treatmentId: Uuid,
    dateOfService: IsoDate,
    units: PositiveInteger,
    tierTarget: PositiveInteger,
    awardType: PromotionAwardType,
    /** Points for POINT awards (after the daily cap); the certificate's dollar value for CERTIFICATE awards. */
    amount: Dollars,
    /** What the rule asked before the daily cap cut it (equal to amount when nothing was cut). */
    requested: Dollars,
    expirationDate: IsoDate,
    lotId: t.union([t.string, t.null]),
    certificate: t.union([t.type({ certificateId: Uuid, categoryCode: t.string, name: t.string, value: Dollars }), t.null]),
  }),
);

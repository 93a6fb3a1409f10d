import * as t from 'io-ts';
import { AwardSource } from '../../event-schemas/points-awarded';

/** The answers' shapes, for the OpenAPI document (CONTRACT.md, "Programme insight"). */
export const LiabilityCodec = t.type({
  asOf: t.string,
  outstandingPoints: t.number,
  outstandingValue: t.number,
  members: t.number,
  byExpiryMonth: t.array(t.type({ month: t.string, points: t.number })),
  certificates: t.array(t.type({ category: t.string, count: t.number, value: t.number })),
  practiceCertificates: t.type({ accepted: t.number, reimbursed: t.number, owed: t.number }),
});

export const FlowItemCodec = t.type({
  period: t.string,
  earned: t.type({ total: t.number, bySource: t.record(AwardSource, t.number) }),
  redeemed: t.number,
  spent: t.number,
  expired: t.number,
  forfeited: t.number,
  reversed: t.number,
});

const Rate = t.union([t.number, t.null]);

export const SummaryCodec = t.type({
  from: t.string,
  to: t.string,
  earned: t.number,
  redeemed: t.number,
  spent: t.number,
  expired: t.number,
  forfeited: t.number,
  breakageRate: Rate,
  redemptionRate: Rate,
  membersEnrolled: t.number,
  membersActive90Days: t.number,
});

export const ExpiringLotsCodec = t.type({
  month: t.string,
  points: t.number,
  members: t.number,
  lots: t.array(
    t.type({ paxId: t.number, memberName: t.string, lotId: t.string, points: t.number, expirationDate: t.string, source: t.string, awardedAt: t.string }),
  ),
  truncated: t.boolean,
});

const Paid = { treatments: t.number, points: t.number, certificates: t.number, cost: t.number };

export const PromotionResultCodec = t.type({
  promotionId: t.string,
  name: t.string,
  status: t.string,
  fromDate: t.string,
  thruDate: t.string,
  paid: t.type({ members: t.number, ...Paid }),
  byDay: t.array(t.type({ day: t.string, ...Paid })),
  forecast: t.union([t.type({ publishedOn: t.string, recorded: t.boolean, members: t.number, ...Paid }), t.null]),
});

import { GiftCertificatesPurchased, GiftOrderAbandoned } from '../gift-certificates';
import { ImpersonationEnded, ImpersonationStarted } from '../impersonation';
import { MemberErased } from '../member-erased';
import { MessagePreferencesChanged } from '../message-preferences-changed';
import { PointsAwarded } from '../points-awarded';
import { PointsExpired } from '../points-expired';
import { PointsForfeited } from '../points-forfeited';
import { PointsRedeemed } from '../points-redeemed';
import { PointsReversed } from '../points-reversed';
import { PromotionAwardEarned } from '../promotion-award-earned';
import { streamEvents, type EventsOf } from '../stream-events';
import { SurveySubmitted } from '../survey-submitted';
import { TreatmentPointsComputed } from '../treatment-points-computed';

/**
 * `member-{paxId}`: the member's ledger and what is decided against it. A survey submission and a treatment's award
 * live here because the rules they obey (one submission per survey, the per-date cap) are the member's; so does a
 * promotion's payout (one per treatment and promotion, the promotion's daily cap per member).
 */
export const memberEvents = streamEvents('member', [
  PointsAwarded,
  PointsRedeemed,
  PointsExpired,
  GiftCertificatesPurchased,
  GiftOrderAbandoned,
  TreatmentPointsComputed,
  PromotionAwardEarned,
  SurveySubmitted,
  ImpersonationStarted,
  ImpersonationEnded,
  MessagePreferencesChanged,
  PointsForfeited,
  MemberErased,
  PointsReversed,
]);
export type MemberEvent = EventsOf<typeof memberEvents>;

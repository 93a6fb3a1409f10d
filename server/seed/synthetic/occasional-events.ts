import { GiftCertificatesPurchased, OrderPlaced, PointsAwarded, SurveySubmitted, streamName, type MemberEvent } from '../../../event-schemas';
import { addDays, addMonths, daysBetween } from '../../../event-schemas/calendar';
import { givePoints } from '../../points/give-points';
import { spendableBalance, spendableLots } from '../../points/redeem-points';
import type { HistoryContext } from './history-context';
import { dateOf } from './instants';
import { considerRedeeming } from './reward-redemptions';

/* What happens to some members once: a bonus from an administrator, a gift bought for a friend, the programme's survey. */

const BONUS_REASONS = ['Thank you for your review', 'Happy birthday from your practice', 'Sorry for the wait at your visit', 'Welcome back'];
const GIFT_MESSAGES = ['Treat yourself!', 'Happy birthday!', 'For your next visit', null];

/** Bonuses from an administrator (a quarter of members, in a programme with an administrator). */
export function maybeAdminBonus(h: HistoryContext): void {
  const { c, random, ledger, paxId } = h;
  if (c.adminId === undefined || !random.chance(0.25)) return;
  const date = addDays(h.enrolledDate, random.int(0, h.daysEnrolled - 1));
  h.agenda.add(h.during(date), (at) => {
    const decided = givePoints.decide(
      {
        paxId,
        lotId: ledger.newId(),
        amount: random.pick([100, 150, 200, 250, 500]),
        description: random.pick(BONUS_REASONS),
        idempotencyKey: ledger.newId(),
        today: dateOf(at),
        defaultExpiryMonths: c.settings.pointsExpiryMonths,
      },
      ledger.member,
    );
    if (decided._tag === 'Left') return;
    ledger.appendMember(decided.right, { kind: 'admin', adminId: c.adminId! }, at);
    ledger.awarded(decided.right);
    considerRedeeming(h, dateOf(at));
  });
}

/** A gift certificate bought with points for a friend (4% of members, in a programme with a gift to buy). */
export function maybeGiftPurchase(h: HistoryContext): void {
  const { c, random, ledger, paxId, self, who } = h;
  if (!c.gift || !random.chance(0.04)) return;
  const gift = c.gift;
  const date = addDays(h.enrolledDate, random.int(0, h.daysEnrolled - 1));
  h.agenda.add(h.during(date), (at) => {
    const today = dateOf(at);
    if (spendableBalance(ledger.member, today) < gift.price) return;
    let due = gift.price;
    const consumed = [];
    for (const lot of spendableLots(ledger.member.lots, today)) {
      if (due === 0) break;
      const take = Math.min(due, lot.remaining);
      consumed.push({ lotId: lot.lotId, amount: take });
      due -= take;
    }
    const orderId = ledger.newId();
    const certificateId = ledger.newId();
    const code = ledger.nextCode();
    const expirationDate = addMonths(today, 12);
    const friend = {
      recipientName: `${random.pick(['Riley', 'Sam', 'Alex', 'Jordan'])} ${who.lastName}`,
      recipientEmail: `friend-of-synthetic-${h.n}@example.com`,
    };
    const certificate = {
      certificateId,
      code,
      certificateCategoryCode: gift.code,
      name: gift.name,
      amount: gift.amount,
      purchasePrice: gift.price,
      isGift: true,
      senderName: who.firstName,
      giftMessage: random.pick(GIFT_MESSAGES),
      ...friend,
    };
    const purchase = GiftCertificatesPurchased.of({
      paxId,
      orderId,
      clientOrderId: ledger.newId(),
      pointsSpent: gift.price,
      consumed,
      certificates: [certificate],
      expirationDate,
    });
    const correlationId = ledger.appendMember([purchase], self, at)!;
    const causation = { correlationId, causationId: correlationId };
    ledger.issue(
      {
        certificateId,
        code,
        paxId,
        amount: gift.amount,
        pointsCost: gift.price,
        name: gift.name,
        certificateCategoryType: 'PURCHASABLE',
        displayCategory: 'gift',
        certificateCategoryCode: gift.code,
        gift: { ...friend, senderName: who.firstName },
        cardArtId: null,
        status: 'ACTIVE',
        issuedAt: at,
        expirationDate,
      },
      self,
      at,
      causation,
    );
    // A friend's certificate is not the member's to apply at a visit.
    ledger.held[ledger.held.length - 1].usedOn = 'given';
    ledger.append(
      streamName('order', orderId),
      [OrderPlaced.of({ orderId, paxId, certificateIds: [certificateId], pointsSpent: gift.price })],
      self,
      at,
      causation,
    );
  });
}

/** The programme's survey, for members who were there while it ran (8% of them take it). */
export function maybeSurvey(h: HistoryContext): void {
  const { c, random, ledger, paxId, self } = h;
  if (!c.survey || !random.chance(0.08)) return;
  const survey = c.survey;
  const from = survey.fromDate > h.enrolledDate ? survey.fromDate : h.enrolledDate;
  const span = daysBetween(from, c.today);
  if (span < 0) return;
  h.agenda.add(h.during(addDays(from, random.int(0, span))), (at) => {
    const submitted: MemberEvent[] = [
      SurveySubmitted.of({ paxId, surveyId: survey.id, surveyName: survey.name, answers: survey.answers, pointsAwarded: survey.points }),
    ];
    if (survey.points > 0)
      submitted.push(
        PointsAwarded.of({
          paxId,
          lotId: ledger.newId(),
          amount: survey.points,
          description: `Survey: ${survey.name}`,
          source: 'SURVEY',
          expirationDate: addMonths(dateOf(at), c.settings.pointsExpiryMonths),
          idempotencyKey: null,
        }),
      );
    ledger.appendMember(submitted, self, at);
    ledger.awarded(submitted);
  });
}

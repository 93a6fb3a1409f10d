import { isLeft } from 'fp-ts/Either';
import {
  certificateEvents,
  type CertificateEvent,
  CertificateIssued,
  GiftCertificatesPurchased,
  OrderPlaced,
  PointsAwarded,
  SurveySubmitted,
  TreatmentProcessed,
  TreatmentRecorded,
  certificateStream,
  memberStream,
  streamName,
  type Actor,
  type DomainEvent,
  type MemberEvent,
} from '../../../event-schemas';
import { WELCOME_DISPLAY_CATEGORY } from '../../../event-schemas/certificate-issued';
import { REDEEM_TIERS } from '../../../event-schemas/contract/redeem-tiers';
import type { RedeemedCertificate, TreatmentLineItem } from '../../../event-schemas/treatment-recorded';
import { evolveCertificate, initialCertificateState, type CertificateState } from '../../certificates/certificate-state';
import { expireCertificate } from '../../certificates/expire-certificate';
import { redeemOnTreatment } from '../../certificates/redeem-on-treatment';
import { welcomeCertificateId } from '../../certificates/welcome-certificate';
import type { Decider } from '../../core/decider';
import { deterministicUuid } from '../../core/deterministic-id';
import { addDays, addMonths, daysBetween } from '../../../event-schemas/calendar';
import { expireLots } from '../../points/expire-lots';
import { givePoints } from '../../points/give-points';
import { evolveMember, initialMemberState, type MemberState } from '../../points/member-state';
import { redeemPoints, spendableBalance, spendableLots } from '../../points/redeem-points';
import { payPromotion, promotionCertificateId } from '../../promotions/pay-promotion';
import { evolvePayouts, initialPayoutState, payoutKey, type PayoutState } from '../../promotions/payout-state';
import { paysFor } from '../../promotions/promotion-payouts';
import { earnTreatmentPoints } from '../../treatments/earn-treatment-points';
import { estimatePoints } from '../../treatments/earning-rules';
import { evolveEarning, initialEarningState, type EarningState } from '../../treatments/earning-state';
import { Agenda } from './agenda';
import type { SyntheticCatalogue } from './catalogue';
import { certificateCode } from './certificate-codes';
import { dateOf, daytime, nextDay, nightly } from './instants';
import { person, type Person } from './people';
import { Random } from './random';
import { HCP_NAMES, visitLines, visitsPerYear } from './visits';
import { syntheticIds } from './synthetic-ids';

/** One event as the store will hold it: its stream, revision and id fixed here, its body still the domain event. */
export interface SyntheticEvent {
  stream: string;
  revision: number;
  eventId: string;
  event: DomainEvent;
  actor: Actor;
  correlationId: string;
  causationId: string;
  occurredAt: string;
}

export interface SyntheticMember extends Person {
  n: number;
  paxId: number;
  email: string;
  refCode: string;
  enrolledAt: string;
  events: SyntheticEvent[];
}

/** Synthetic member n signs in as this (CONTRACT.md), with the demo password. */
export const syntheticEmail = (n: number) => `synthetic-${n}@example.com`;

const BONUS_REASONS = ['Thank you for your review', 'Happy birthday from your practice', 'Sorry for the wait at your visit', 'Welcome back'];
const GIFT_MESSAGES = ['Treat yourself!', 'Happy birthday!', 'For your next visit', null];

interface Held {
  certificateId: string;
  code: string;
  name: string;
  amount: number;
  categoryCode: string | null;
  expirationDate: string;
  usedOn: string | undefined;
}

/**
 * Member n's programme, from enrollment up to `now`: every command decided by the product's own deciders on the state
 * folded from the events before it (so caps, lot spending and expiry are the live rules), every event with the actor,
 * correlation and time the live command would have given it. Pure: the same seed and n give the same history.
 */
export function memberHistory(c: SyntheticCatalogue, seed: number, n: number, paxId: number, now: string): SyntheticMember {
  const random = Random.forMember(seed, n);
  const who = person(random, c.today);
  const enrolledDate = addDays(c.today, -random.int(0, 729));
  const enrolledMinute = random.int(0, 359);
  const enrolledAt = daytime(enrolledDate, enrolledMinute);
  /** A daytime instant of `date` when the member is already enrolled. */
  const during = (date: string) => daytime(date, random.int(date === enrolledDate ? enrolledMinute : 0, 359));
  const events: SyntheticEvent[] = [];
  const revisions = new Map<string, number>();
  /** Each certificate's state, folded from what this history wrote on its stream (deciders read it as they would the stream). */
  const certificateStates = new Map<string, CertificateState>();
  const newId = syntheticIds(seed, n);
  let member: MemberState = initialMemberState;
  let earning: EarningState = initialEarningState;
  let payouts: PayoutState = initialPayoutState;
  const held: Held[] = [];
  let certificates = 0;
  const agenda = new Agenda(now);
  const self: Actor = { kind: 'participant', paxId };

  const append = (stream: string, appended: readonly DomainEvent[], actor: Actor, at: string, causation?: { correlationId: string; causationId: string }) => {
    const correlationId = causation?.correlationId ?? newId();
    for (const event of appended) {
      const revision = (revisions.get(stream) ?? -1) + 1;
      revisions.set(stream, revision);
      events.push({ stream, revision, eventId: newId(), event, actor, correlationId, causationId: causation?.causationId ?? correlationId, occurredAt: at });
      if ((certificateEvents.types as ReadonlySet<string>).has(event.type)) {
        const e = event as CertificateEvent;
        certificateStates.set(e.data.certificateId, evolveCertificate(certificateStates.get(e.data.certificateId) ?? initialCertificateState, e));
      }
      if (stream === memberStream(paxId)) {
        const e = event as MemberEvent;
        member = evolveMember(member, e);
        earning = evolveEarning(earning, e);
        payouts = evolvePayouts(payouts, e);
      }
    }
    return correlationId;
  };
  const appendMember = (appended: readonly MemberEvent[], actor: Actor, at: string, causation?: { correlationId: string; causationId: string }) =>
    appended.length ? append(memberStream(paxId), appended, actor, at, causation) : undefined;

  const expiryChecks = new Set<string>();
  /** The nightly points expiry looks at this member the night after a lot's date (once per night). */
  const checkLotsAfter = (expirationDate: string) => {
    const night = nextDay(expirationDate);
    if (expiryChecks.has(night)) return;
    expiryChecks.add(night);
    agenda.add(nightly(night, 'points-expiry'), (at) => {
      const decided = expireLots.decide({ paxId, today: dateOf(at) }, member);
      if (decided._tag === 'Right') appendMember(decided.right, { kind: 'system', job: 'points-expiry' }, at);
    });
  };
  const awarded = (appended: readonly MemberEvent[]) => {
    for (const e of appended) if (e.type === 'PointsAwarded') checkLotsAfter(e.data.expirationDate);
  };

  /** Issues a certificate on its own stream; the nightly certificate expiry ends it after its date. */
  const issue = (certificate: EventOfIssued, actor: Actor, at: string, causation: { correlationId: string; causationId: string }, eventId?: string) => {
    const stream = certificateStream(certificate.certificateId);
    append(stream, [CertificateIssued.of(certificate)], actor, at, causation);
    if (eventId) events[events.length - 1].eventId = eventId;
    held.push({
      certificateId: certificate.certificateId,
      code: certificate.code,
      name: certificate.name,
      amount: certificate.amount,
      categoryCode: certificate.certificateCategoryCode ?? null,
      expirationDate: certificate.expirationDate,
      usedOn: undefined,
    });
    // The nightly certificate expiry, decided as the job decides it: a certificate used on a treatment stays as it is.
    agenda.add(nightly(nextDay(certificate.expirationDate), 'certificate-expiry'), (expiredAt) =>
      decideOnCertificate(certificate.certificateId, expireCertificate, { today: dateOf(expiredAt) }, { kind: 'system', job: 'certificate-expiry' }, expiredAt),
    );
  };

  /** Decides a command on a certificate's stream, on the state folded from what this history wrote there. */
  const decideOnCertificate = <C>(
    certificateId: string,
    decider: Decider<C, CertificateState, CertificateEvent>,
    command: C,
    actor: Actor,
    at: string,
    causation?: { correlationId: string; causationId: string },
  ) => {
    const decided = decider.decide(command, certificateStates.get(certificateId) ?? initialCertificateState);
    if (isLeft(decided)) throw new Error(`synthetic member ${paxId}: certificate ${certificateId} refused: ${decided.left.message}`);
    if (decided.right.length) append(certificateStream(certificateId), decided.right, actor, at, causation);
  };
  const nextCode = () => certificateCode(seed, n, certificates++);

  // Joining: the welcome certificate, when the programme gives one.
  if (c.welcome) {
    const correlationId = newId();
    issue(
      {
        certificateId: welcomeCertificateId(paxId),
        code: nextCode(),
        paxId,
        amount: c.welcome.amount,
        pointsCost: 0,
        name: c.welcome.name,
        certificateCategoryType: null,
        displayCategory: WELCOME_DISPLAY_CATEGORY,
        certificateCategoryCode: c.welcome.code,
        status: 'ACTIVE',
        issuedAt: enrolledAt,
        expirationDate: addDays(enrolledDate, c.welcome.expirationDays),
      },
      self,
      enrolledAt,
      { correlationId, causationId: correlationId },
    );
  }

  // Visits: treatments of both brands, sometimes a partner purchase, sometimes a certificate applied.
  const daysEnrolled = Math.max(1, daysBetween(enrolledDate, c.today) + 1);
  const visits = Math.max(random.chance(0.85) ? 1 : 0, Math.round((visitsPerYear(random) * daysEnrolled) / 365 + random.next() - 0.5));
  const brand = random.chance(0.55) ? 'BRAND_A' : 'BRAND_B';
  for (let v = 0; v < visits; v++) {
    const date = addDays(enrolledDate, random.int(0, daysEnrolled - 1));
    const lines = visitLines(random, c.products, brand);
    agenda.add(during(date), (at) => recordTreatment(`${v}`, date, lines, at));
  }

  const recordTreatment = (visit: string, dateOfService: string, lineItems: TreatmentLineItem[], at: string) => {
    const usable = held.find((h) => !h.usedOn && h.expirationDate >= dateOfService && h.code);
    const redeemedCertificates: RedeemedCertificate[] = [];
    if (usable && random.chance(0.5)) {
      usable.usedOn = dateOfService;
      redeemedCertificates.push({
        code: usable.code,
        name: usable.name,
        amount: usable.amount,
        certificateCategoryType: null,
        categoryCode: usable.categoryCode,
        nullifyAwards: false,
      });
    }
    const externalId = `synthetic-${seed}-${n}-${visit}`;
    const treatmentId = deterministicUuid(`treatment|${c.practice.practiceId}|${externalId}`);
    const expectedPoints = estimatePoints(lineItems, redeemedCertificates, c.settings.partnerDailyPointsLimit);
    const practice: Actor = { kind: 'practice', practiceId: c.practice.practiceId, apiKeyId: c.practice.apiKeyId };
    const request = newId();
    // As the intake route does: each certificate named is used on its own stream first, then the treatment recorded.
    if (usable && redeemedCertificates.length)
      decideOnCertificate(
        usable.certificateId,
        redeemOnTreatment,
        { paxId, treatmentId, dateOfService, field: 'body.redeemedCertificates[0].code' },
        practice,
        at,
        { correlationId: request, causationId: request },
      );
    append(
      streamName('treatment', treatmentId),
      [
        TreatmentRecorded.of({
          treatmentId,
          externalId,
          paxId,
          practiceId: c.practice.practiceId,
          hcpName: random.pick(HCP_NAMES),
          dateOfService,
          status: 'PENDING',
          financed: false,
          lineItems,
          redeemedCertificates,
          expectedPoints,
        }),
      ],
      practice,
      at,
      { correlationId: request, causationId: request },
    );
    agenda.add(nightly(nextDay(dateOfService), 'process-treatments'), (processedAt) =>
      processTreatment(treatmentId, dateOfService, lineItems, redeemedCertificates, expectedPoints, processedAt),
    );
  };

  const processTreatment = (
    treatmentId: string,
    dateOfService: string,
    lineItems: TreatmentLineItem[],
    redeemedCertificates: RedeemedCertificate[],
    expectedPoints: number,
    at: string,
  ) => {
    const today = dateOf(at);
    const decided = earnTreatmentPoints.decide(
      {
        treatmentId,
        paxId,
        dateOfService,
        lineItems,
        redeemedCertificates,
        expectedPoints,
        today,
        expiryMonths: c.settings.pointsExpiryMonths,
        partnerDailyLimit: c.settings.partnerDailyPointsLimit,
      },
      earning,
    );
    if (decided._tag === 'Left') return;
    const job: Actor = { kind: 'system', job: 'process-treatments' };
    const correlationId = newId();
    appendMember(decided.right, job, at, { correlationId, causationId: treatmentId });
    awarded(decided.right);
    const computed = decided.right.find((e) => e.type === 'TreatmentPointsComputed');
    const total = computed?.type === 'TreatmentPointsComputed' ? computed.data : undefined;
    append(
      streamName('treatment', treatmentId),
      [TreatmentProcessed.of({ treatmentId, paxId, pointsAwarded: total?.totalAwarded ?? 0, reasons: total?.reasons ?? [] })],
      job,
      at,
      { correlationId, causationId: treatmentId },
    );
    payPromotionFor(treatmentId, dateOfService, lineItems, at);
    considerRedeeming(today);
  };

  /** The payouts process's decision for a processed treatment, with the certificate it issues. */
  const payPromotionFor = (treatmentId: string, dateOfService: string, lineItems: TreatmentLineItem[], at: string) => {
    const p = c.promotion?.promotion;
    if (!p || !paysFor(p, dateOfService)) return;
    const today = dateOf(at);
    const decided = payPromotion.decide(
      {
        paxId,
        promotion: { promotionId: p.promotionId, revision: p.revision, name: p.name, payoutAndRules: p.payoutAndRules, certificate: c.promotion!.certificate },
        treatment: { treatmentId, dateOfService, lines: lineItems.map((l) => ({ productId: l.productId, quantity: l.quantity })) },
        today,
        expiryMonths: c.settings.pointsExpiryMonths,
      },
      payouts,
    );
    if (decided._tag === 'Left' || decided.right.length === 0) return;
    const actor: Actor = { kind: 'system', job: 'promotion-payouts' };
    const correlationId = newId();
    appendMember(decided.right, actor, at, { correlationId, causationId: correlationId });
    awarded(decided.right);
    const award = payouts.paid.get(payoutKey(p.promotionId, treatmentId));
    if (!award?.certificate) return;
    const certificateId = promotionCertificateId(p.promotionId, treatmentId);
    issue(
      {
        certificateId,
        code: nextCode(),
        paxId,
        amount: award.certificate.value,
        pointsCost: 0,
        name: award.certificate.name,
        certificateCategoryType: null,
        displayCategory: 'promotion',
        certificateCategoryCode: award.certificate.categoryCode,
        status: 'ACTIVE',
        issuedAt: at,
        expirationDate: award.expirationDate,
      },
      actor,
      at,
      { correlationId, causationId: correlationId },
      deterministicUuid(`issued|${certificateId}`),
    );
  };

  /** After points land, a member may come back within a month to spend them on a reward certificate. */
  const considerRedeeming = (from: string) => {
    if (!random.chance(0.45)) return;
    const date = addDays(from, random.int(1, 30));
    agenda.add(during(date), (at) => redeem(dateOf(at), at));
  };

  const redeem = (today: string, at: string) => {
    const balance = spendableBalance(member, today);
    const tiers = REDEEM_TIERS.filter((t) => t <= balance);
    if (!tiers.length) return;
    const amount = random.chance(0.6) ? tiers[tiers.length - 1] : random.pick(tiers);
    const certificateId = newId();
    const code = nextCode();
    const decided = redeemPoints.decide({ paxId, amount, today, certificateId, certificateCode: code, divisor: c.settings.redemptionDivisor }, member);
    if (decided._tag === 'Left') return;
    const correlationId = appendMember(decided.right, self, at)!;
    const redeemed = decided.right[0];
    if (redeemed.type !== 'PointsRedeemed') return;
    issue(
      {
        certificateId,
        code,
        paxId,
        amount: redeemed.data.value,
        pointsCost: amount,
        name: `$${redeemed.data.value} Reward Certificate`,
        certificateCategoryType: null,
        displayCategory: 'reward',
        status: 'ACTIVE',
        issuedAt: at,
        expirationDate: redeemed.data.expirationDate,
      },
      self,
      at,
      { correlationId, causationId: correlationId },
    );
  };

  // Bonuses from an administrator.
  if (c.adminId !== undefined && random.chance(0.25)) {
    const date = addDays(enrolledDate, random.int(0, daysEnrolled - 1));
    agenda.add(during(date), (at) => {
      const decided = givePoints.decide(
        {
          paxId,
          lotId: newId(),
          amount: random.pick([100, 150, 200, 250, 500]),
          description: random.pick(BONUS_REASONS),
          idempotencyKey: newId(),
          today: dateOf(at),
          defaultExpiryMonths: c.settings.pointsExpiryMonths,
        },
        member,
      );
      if (decided._tag === 'Left') return;
      appendMember(decided.right, { kind: 'admin', adminId: c.adminId! }, at);
      awarded(decided.right);
      considerRedeeming(dateOf(at));
    });
  }

  // A gift certificate bought with points for a friend.
  if (c.gift && random.chance(0.04)) {
    const gift = c.gift;
    const date = addDays(enrolledDate, random.int(0, daysEnrolled - 1));
    agenda.add(during(date), (at) => {
      const today = dateOf(at);
      if (spendableBalance(member, today) < gift.price) return;
      let due = gift.price;
      const consumed = [];
      for (const lot of spendableLots(member.lots, today)) {
        if (due === 0) break;
        const take = Math.min(due, lot.remaining);
        consumed.push({ lotId: lot.lotId, amount: take });
        due -= take;
      }
      const orderId = newId();
      const certificateId = newId();
      const code = nextCode();
      const expirationDate = addMonths(today, 12);
      const friend = {
        recipientName: `${random.pick(['Riley', 'Sam', 'Alex', 'Jordan'])} ${who.lastName}`,
        recipientEmail: `friend-of-synthetic-${n}@example.com`,
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
        clientOrderId: newId(),
        pointsSpent: gift.price,
        consumed,
        certificates: [certificate],
        expirationDate,
      });
      const correlationId = appendMember([purchase], self, at)!;
      const causation = { correlationId, causationId: correlationId };
      issue(
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
      held[held.length - 1].usedOn = 'given';
      append(streamName('order', orderId), [OrderPlaced.of({ orderId, paxId, certificateIds: [certificateId], pointsSpent: gift.price })], self, at, causation);
    });
  }

  // The programme's survey, for members who were there while it ran.
  if (c.survey && random.chance(0.08)) {
    const survey = c.survey;
    const from = survey.fromDate > enrolledDate ? survey.fromDate : enrolledDate;
    const span = daysBetween(from, c.today);
    if (span >= 0) {
      agenda.add(during(addDays(from, random.int(0, span))), (at) => {
        const submitted: MemberEvent[] = [
          SurveySubmitted.of({ paxId, surveyId: survey.id, surveyName: survey.name, answers: survey.answers, pointsAwarded: survey.points }),
        ];
        if (survey.points > 0)
          submitted.push(
            PointsAwarded.of({
              paxId,
              lotId: newId(),
              amount: survey.points,
              description: `Survey: ${survey.name}`,
              source: 'SURVEY',
              expirationDate: addMonths(dateOf(at), c.settings.pointsExpiryMonths),
              idempotencyKey: null,
            }),
          );
        appendMember(submitted, self, at);
        awarded(submitted);
      });
    }
  }

  agenda.runAll();
  return {
    ...who,
    n,
    paxId,
    email: syntheticEmail(n),
    refCode: `SYN${seed.toString(36).toUpperCase()}X${n.toString(36).toUpperCase()}`,
    enrolledAt,
    events,
  };
}

type EventOfIssued = Parameters<typeof CertificateIssued.of>[0];

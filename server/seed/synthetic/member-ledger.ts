import { isLeft } from 'fp-ts/Either';
import {
  certificateEvents,
  type CertificateEvent,
  CertificateIssued,
  certificateStream,
  memberStream,
  type Actor,
  type DomainEvent,
  type MemberEvent,
} from '../../../event-schemas';
import { evolveCertificate, initialCertificateState, type CertificateState } from '../../certificates/certificate-state';
import { expireCertificate } from '../../certificates/expire-certificate';
import type { Decider } from '../../core/decider';
import { expireLots } from '../../points/expire-lots';
import { evolveMember, initialMemberState, type MemberState } from '../../points/member-state';
import { evolvePayouts, initialPayoutState, type PayoutState } from '../../promotions/payout-state';
import { evolveEarning, initialEarningState, type EarningState } from '../../treatments/earning-state';
import type { Agenda } from './agenda';
import { certificateCode } from './certificate-codes';
import { dateOf, nextDay, nightly } from './instants';

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

export type Causation = { correlationId: string; causationId: string };
export type EventOfIssued = Parameters<typeof CertificateIssued.of>[0];

/** A certificate the member holds, as a visit may apply it. */
export interface Held {
  certificateId: string;
  code: string;
  name: string;
  amount: number;
  categoryCode: string | null;
  expirationDate: string;
  /** The date of service it was used on ('given' for a gift sent to a friend). */
  usedOn: string | undefined;
}

/**
 * What one member's history has written so far, on their stream and every other stream it touches, and the states
 * the product's deciders read, folded from those events as the live store would fold the streams. Appending also
 * puts the nightly jobs that will look at the new lots and certificates on the member's agenda.
 */
export class MemberLedger {
  readonly events: SyntheticEvent[] = [];
  /** Certificates issued to the member, in the order issued. */
  readonly held: Held[] = [];
  private readonly revisions = new Map<string, number>();
  /** Each certificate's state, folded from what this history wrote on its stream. */
  private readonly certificateStates = new Map<string, CertificateState>();
  private memberState: MemberState = initialMemberState;
  private earningState: EarningState = initialEarningState;
  private payoutState: PayoutState = initialPayoutState;
  private readonly expiryChecks = new Set<string>();
  private certificates = 0;

  constructor(
    private readonly paxId: number,
    private readonly seed: number,
    private readonly n: number,
    private readonly agenda: Agenda,
    /** The history's id generator: every id it hands out, in order, is part of the history. */
    readonly newId: () => string,
  ) {}

  get member(): MemberState {
    return this.memberState;
  }

  get earning(): EarningState {
    return this.earningState;
  }

  get payouts(): PayoutState {
    return this.payoutState;
  }

  /** Appends events to a stream at `at`; answers the correlation id they carry (a new one unless `causation` gives it). */
  append(stream: string, appended: readonly DomainEvent[], actor: Actor, at: string, causation?: Causation): string {
    const correlationId = causation?.correlationId ?? this.newId();
    for (const event of appended) {
      const revision = (this.revisions.get(stream) ?? -1) + 1;
      this.revisions.set(stream, revision);
      this.events.push({
        stream,
        revision,
        eventId: this.newId(),
        event,
        actor,
        correlationId,
        causationId: causation?.causationId ?? correlationId,
        occurredAt: at,
      });
      if ((certificateEvents.types as ReadonlySet<string>).has(event.type)) {
        const e = event as CertificateEvent;
        this.certificateStates.set(e.data.certificateId, evolveCertificate(this.certificateStates.get(e.data.certificateId) ?? initialCertificateState, e));
      }
      if (stream === memberStream(this.paxId)) {
        const e = event as MemberEvent;
        this.memberState = evolveMember(this.memberState, e);
        this.earningState = evolveEarning(this.earningState, e);
        this.payoutState = evolvePayouts(this.payoutState, e);
      }
    }
    return correlationId;
  }

  /** Appends to the member's own stream; nothing (and no correlation id) when there is nothing to append. */
  appendMember(appended: readonly MemberEvent[], actor: Actor, at: string, causation?: Causation): string | undefined {
    return appended.length ? this.append(memberStream(this.paxId), appended, actor, at, causation) : undefined;
  }

  /** The lots among these events: the nightly points expiry looks at the member the night after each one's date. */
  awarded(appended: readonly MemberEvent[]): void {
    for (const e of appended) if (e.type === 'PointsAwarded') this.checkLotsAfter(e.data.expirationDate);
  }

  /** The nightly points expiry looks at this member the night after a lot's date (once per night). */
  private checkLotsAfter(expirationDate: string): void {
    const night = nextDay(expirationDate);
    if (this.expiryChecks.has(night)) return;
    this.expiryChecks.add(night);
    this.agenda.add(nightly(night, 'points-expiry'), (at) => {
      const decided = expireLots.decide({ paxId: this.paxId, today: dateOf(at) }, this.memberState);
      if (decided._tag === 'Right') this.appendMember(decided.right, { kind: 'system', job: 'points-expiry' }, at);
    });
  }

  /** Issues a certificate on its own stream; the nightly certificate expiry ends it after its date. */
  issue(certificate: EventOfIssued, actor: Actor, at: string, causation: Causation, eventId?: string): void {
    const stream = certificateStream(certificate.certificateId);
    this.append(stream, [CertificateIssued.of(certificate)], actor, at, causation);
    if (eventId) this.events[this.events.length - 1].eventId = eventId;
    this.held.push({
      certificateId: certificate.certificateId,
      code: certificate.code,
      name: certificate.name,
      amount: certificate.amount,
      categoryCode: certificate.certificateCategoryCode ?? null,
      expirationDate: certificate.expirationDate,
      usedOn: undefined,
    });
    // The nightly certificate expiry, decided as the job decides it: a certificate used on a treatment stays as it is.
    this.agenda.add(nightly(nextDay(certificate.expirationDate), 'certificate-expiry'), (expiredAt) =>
      this.decideOnCertificate(
        certificate.certificateId,
        expireCertificate,
        { today: dateOf(expiredAt) },
        { kind: 'system', job: 'certificate-expiry' },
        expiredAt,
      ),
    );
  }

  /** Decides a command on a certificate's stream, on the state folded from what this history wrote there. */
  decideOnCertificate<C>(
    certificateId: string,
    decider: Decider<C, CertificateState, CertificateEvent>,
    command: C,
    actor: Actor,
    at: string,
    causation?: Causation,
  ): void {
    const decided = decider.decide(command, this.certificateStates.get(certificateId) ?? initialCertificateState);
    if (isLeft(decided)) throw new Error(`synthetic member ${this.paxId}: certificate ${certificateId} refused: ${decided.left.message}`);
    if (decided.right.length) this.append(certificateStream(certificateId), decided.right, actor, at, causation);
  }

  /** The next certificate code of this member's history. */
  nextCode(): string {
    return certificateCode(this.seed, this.n, this.certificates++);
  }
}

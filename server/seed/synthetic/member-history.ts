import type { Actor } from '../../../event-schemas';
import { WELCOME_DISPLAY_CATEGORY } from '../../../event-schemas/certificate-issued';
import { welcomeCertificateId } from '../../certificates/welcome-certificate';
import { addDays, daysBetween } from '../../../event-schemas/calendar';
import { Agenda } from './agenda';
import type { SyntheticCatalogue } from './catalogue';
import type { HistoryContext } from './history-context';
import { daytime } from './instants';
import { MemberLedger, type SyntheticEvent } from './member-ledger';
import { maybeAdminBonus, maybeGiftPurchase, maybeSurvey } from './occasional-events';
import { person, type Person } from './people';
import { Random } from './random';
import { syntheticIds } from './synthetic-ids';
import { scheduleVisits } from './treatment-visits';
import { visitsPerYear } from './visits';

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

/**
 * Member n's programme, from enrollment up to `now`: every command decided by the product's own deciders on the state
 * folded from the events before it (so caps, lot spending and expiry are the live rules), every event with the actor,
 * correlation and time the live command would have given it. Pure: the same seed and n give the same history. Each
 * part below draws from the member's random stream in turn, and what happens on their agenda later draws in time
 * order, so the order of these steps is part of the history.
 */
export function memberHistory(c: SyntheticCatalogue, seed: number, n: number, paxId: number, now: string): SyntheticMember {
  const random = Random.forMember(seed, n);
  const who = person(random, c.today);
  const enrolledDate = addDays(c.today, -random.int(0, 729));
  const enrolledMinute = random.int(0, 359);
  const enrolledAt = daytime(enrolledDate, enrolledMinute);
  const agenda = new Agenda(now);
  const ledger = new MemberLedger(paxId, seed, n, agenda, syntheticIds(seed, n));
  const self: Actor = { kind: 'participant', paxId };
  const h: HistoryContext = {
    c,
    seed,
    n,
    paxId,
    who,
    random,
    agenda,
    ledger,
    self,
    enrolledDate,
    daysEnrolled: Math.max(1, daysBetween(enrolledDate, c.today) + 1),
    during: (date) => daytime(date, random.int(date === enrolledDate ? enrolledMinute : 0, 359)),
  };

  // Joining: the welcome certificate, when the programme gives one.
  if (c.welcome) {
    const correlationId = ledger.newId();
    ledger.issue(
      {
        certificateId: welcomeCertificateId(paxId),
        code: ledger.nextCode(),
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

  // Visits: how many over the member's time in the programme (most come at least once), and the brand they keep to.
  const visits = Math.max(random.chance(0.85) ? 1 : 0, Math.round((visitsPerYear(random) * h.daysEnrolled) / 365 + random.next() - 0.5));
  scheduleVisits(h, visits, random.chance(0.55) ? 'BRAND_A' : 'BRAND_B');
  maybeAdminBonus(h);
  maybeGiftPurchase(h);
  maybeSurvey(h);

  agenda.runAll();
  return {
    ...who,
    n,
    paxId,
    email: syntheticEmail(n),
    refCode: `SYN${seed.toString(36).toUpperCase()}X${n.toString(36).toUpperCase()}`,
    enrolledAt,
    events: ledger.events,
  };
}

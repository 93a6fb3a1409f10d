import type { EventAuditEntry } from './audit-entries';

// A member's records as staff and the member read them (/participants/{paxId}..., /admin/participants...), declared
// once: the participant, points, audit and privacy routes build them, and member care and the profile read them.

/** GET /participants/{paxId}: the participant record. */
export interface Participant {
  paxId: number;
  firstName: string;
  lastName: string;
  postalCode: string | null;
  dateOfBirth: string | null;
  refCode: string | null;
  isAdmin: boolean;
  /** The member's code for the front desk (8 characters, no look-alike letters), shown in the wallet. */
  memberCode: string;
  /** The programme date the member joined (YYYY-MM-DD): the activity offers no year before it (issue 54, item 16). */
  enrolledOn: string;
}

/** 'Y' for the preferred one. */
export type PreferredFlag = 'Y' | 'N';
/** One of GET /participants/{paxId}/emails. */
export interface ParticipantEmail {
  emailAddress: string;
  preferred: PreferredFlag;
}
/** One of GET /participants/{paxId}/phones. */
export interface ParticipantPhone {
  phone: string;
  preferred: PreferredFlag;
}

/** A member's e-mails and phones, as the two calls answer them side by side. */
export interface Contacts {
  emails: ParticipantEmail[];
  phones: ParticipantPhone[];
}

/** One match of GET /admin/participants. */
export interface ParticipantSummary {
  paxId: number;
  firstName: string;
  lastName: string;
  /** The preferred e-mail, else the first one recorded; null for an account without any. */
  email: string | null;
  postalCode: string | null;
  isAdmin: boolean;
  enrolledAt: string;
}
/** GET /admin/participants: one page of matches, by last name, first name. */
export interface ParticipantPage {
  items: ParticipantSummary[];
  page: number;
  size: number;
  totalElements: number;
}

/**
 * GET /participants/{paxId}/points: the balance, the pending points and what expires when: every date on which points
 * left expire, soonest first (they add up to the balance, unless it is below zero).
 */
export interface PointsSummary {
  balance: number;
  pending: number;
  expiring: { amount: number; expirationDate: string }[];
}

/** The body of POST /admin/participants/{paxId}/points. */
export interface GivePointsBody {
  amount: number;
  description: string;
  expirationDate?: string;
  idempotencyKey: string;
}
/** Its answer (201 awarded; 200 this key had already been paid and nothing more was given). */
export interface GivePointsAnswer {
  balance: number;
  position: string;
}

/**
 * One entry of the support replay (GET /admin/participants/{paxId}/timeline): with the balance after it. A change to
 * the member's record (contacts, profile) is not in the log: its `position` is `audit-{id}` and `data` holds its
 * `action` and a `description` in words.
 */
export interface TimelineEntry extends EventAuditEntry {
  balanceAfter: number;
  /** For a certificate's change: the certificate, as the member knows it. */
  certificate?: { code: string; name: string };
}
export interface Timeline {
  balanceAsOf: number;
  events: TimelineEntry[];
  /** With asOf: the last instant of that date in the programme's time zone, where the replay (and its chart) ends. */
  asOfEndsAt?: string;
}

/** One staff read of the member's data (GET /admin/participants/{paxId}/access-log). */
export interface AccessEntry {
  actor:
    | { kind: 'admin' | 'admin-as-participant'; adminId: number; paxId?: number; name: string | null }
    /** The front desk of a practice (its staff member, or none through its API key). */
    | { kind: 'practice'; practiceId: number; userId?: number; name: string | null };
  action: string;
  occurredAt: string;
}

/** POST /participants/{paxId}/erasure and /admin/participants/{paxId}/erasure: the member is erased. */
export interface Erased {
  paxId: number;
  erasedAt: string;
  position: string;
}

/** The body of POST /participants/{paxId}/points/redeem: a redeem tier (redeem-tiers.ts) for a consumer reward. */
export interface RedeemBody {
  amount: number;
  type: 'CONSUMER';
}
/** The reward certificate a redemption issued. */
export interface RedeemedCertificate {
  id: string;
  code: string;
  name: string;
  amount: number;
  status: string;
  expirationDate: string;
}
/** Its 201 answer: the certificate, the balance left, and where the redemption sits in the log. */
export interface RedeemAnswer {
  certificate: RedeemedCertificate;
  balance: number;
  position: string;
}

/** Member spec section 3 "Bonus points item", with what is left of the lot (GET /participants/{paxId}/bonus-points). */
export interface BonusPointsItem {
  lotId: string;
  description: string;
  source: string;
  amount: number;
  remaining: number;
  expirationDate: string;
  awardedAt: string;
}
/** GET /participants/{paxId}/bonus-points: the items, newest first. */
export interface BonusPoints {
  items: BonusPointsItem[];
}

/** The data of a live `points` message (GET /live): the member's figures after an event, and where it sits in the log. */
export interface PointsChanged {
  paxId: number;
  balance: number;
  pending: number;
  position: string;
}

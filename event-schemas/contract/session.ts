// Signing in (POST /authenticate/login, /authenticate/impersonate, /authenticate/endImpersonate; enrollment answers
// the same), declared once: the auth routes build them and the session machine, enrollment and member care read and
// send them.

/** Who signed in. A type, not an interface, so it fits the client's open-ended Pax. */
export type SessionPax = {
  paxId: number;
  firstName: string;
  lastName: string;
};

/** A dismissible event delivered with the session, e.g. an offer-claim outcome `MKT_LOGIN_CERT_…`. */
export interface SessionEvent {
  code: string;
  [field: string]: unknown;
}

/** What login, enrollment, impersonation and `login?jwt=` answer. */
export interface LoginAnswer {
  authToken: string;
  pax: SessionPax;
  events: SessionEvent[];
  impersonated?: boolean;
  /** Set for a practice's staff: they land on /practice, and `pax.paxId` is their staff user id, not a member's. */
  practice?: PracticeOfSession;
}

export interface PracticeOfSession {
  practiceId: number;
  name: string;
  role: 'PRACTICE_ADMIN' | 'FRONT_DESK';
}

/** What a practice staff member's sign-in answers. */
export type PracticeLoginAnswer = LoginAnswer & { practice: PracticeOfSession };

/** The body of POST /authenticate/login. */
export interface Credentials {
  username: string;
  password: string;
  /** The direct-response campaign of the marketing link the member came through; the server claims its offer. */
  campaignId?: number;
}

/** The body of POST /authenticate/impersonate. */
export interface ImpersonateBody {
  paxId: number;
}

/** POST /authenticate/endImpersonate answers the admin's own session token. */
export interface SessionToken {
  authToken: string;
}

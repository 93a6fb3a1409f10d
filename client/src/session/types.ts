import type { Credentials, LoginAnswer, SessionEvent, SessionPax } from '../../../event-schemas/contract/session';

/** Who is signed in (the contract's SessionPax); the participant store adds the record's other fields. */
export type Pax = SessionPax & Record<string, unknown>;

export type { Credentials, SessionEvent };

/** What is kept under the storage key `user`. */
export interface SessionUser {
  authToken: string;
  pax: Pax;
  events: SessionEvent[];
}

export type { LoginAnswer };

export interface StoredSession {
  user: SessionUser;
  token: string;
  impersonated: boolean;
  /** While impersonating: the admin-tools page the admin started from, where leaving the session takes them back. */
  returnTo?: string;
}

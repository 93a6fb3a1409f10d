export interface Pax {
  paxId: number;
  firstName: string;
  lastName: string;
  [field: string]: unknown;
}

/** A dismissible event delivered with the session, e.g. an offer-claim outcome `MKT_LOGIN_CERT_…`. */
export interface SessionEvent {
  code: string;
  [field: string]: unknown;
}

/** What is kept under the storage key `user`. */
export interface SessionUser {
  authToken: string;
  pax: Pax;
  events: SessionEvent[];
}

/** What login, enrollment, impersonation and `login?jwt=` answer. */
export interface LoginAnswer extends SessionUser {
  impersonated?: boolean;
}

export interface Credentials {
  username: string;
  password: string;
  /** The direct-response campaign of the marketing link the member came through; the server claims its offer. */
  campaignId?: number;
}

export interface StoredSession {
  user: SessionUser;
  token: string;
  impersonated: boolean;
}

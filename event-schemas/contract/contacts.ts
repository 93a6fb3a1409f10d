import type { ParticipantEmail, ParticipantPhone } from './participants';

// A member's own contacts and message preferences (/participants/{paxId}/phones, /emails, /profile,
// /message-preferences, /messages/unsubscribe), declared once: the contact and consent routes build them and the
// profile reads and sends them.

/** POST /participants/{paxId}/phones. */
export interface NewPhoneBody {
  phone: string;
  preferred?: boolean;
}
/** PUT /participants/{paxId}/phones/{phone}: a new number, or the number made preferred. */
export interface PhoneChangeBody {
  phone?: string;
  preferred?: true;
}
/** Every phone write answers the member's phones as they now are. */
export type PhonesAnswer = ParticipantPhone[];
/** Every e-mail write but the addition answers the member's addresses as they now are. */
export type EmailsAnswer = ParticipantEmail[];

/** POST /participants/{paxId}/emails: an address to confirm. */
export interface NewEmailBody {
  emailAddress: string;
}
/** Its 202 answer: the confirmation link is on its way to the address. */
export interface EmailPendingAnswer {
  pendingEmail: string;
  expiresAt: string;
}
/** One of GET /participants/{paxId}/emails/pending. */
export interface PendingEmail {
  emailAddress: string;
  expiresAt: string;
}
/** POST /participants/emails/confirm: the link's token; its answer names the address now on the profile. */
export interface EmailConfirmBody {
  token: string;
}
export interface EmailConfirmed {
  emailAddress: string;
}

/** PUT /participants/{paxId}/profile: the fields corrected. */
export interface ProfileCorrection {
  firstName?: string;
  lastName?: string;
  postalCode?: string;
  dateOfBirth?: string;
}

/** Marketing consent: e-mails on until the member opts out, texts off until they opt in. Transactional messages always go. */
export interface MessagePreferences {
  emailMarketing: boolean;
  smsMarketing: boolean;
}
/** GET /messages/unsubscribe: what the unsubscribe link's page shows. */
export type UnsubscribeStatus = Pick<MessagePreferences, 'emailMarketing'>;

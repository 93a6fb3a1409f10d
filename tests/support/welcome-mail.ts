import { REMINDER_SUBJECT, WELCOME_SUBJECT } from '../../server/auth/welcome-mail';

/**
 * Whether a message is the welcome e-mail every new member gets, or its reminder (issue 54, item 10): tests of other
 * mail to a member leave these out, as the member's mailbox now starts with one.
 */
export const isWelcomeMail = (m: { subject?: string }): boolean => m.subject === WELCOME_SUBJECT || m.subject === REMINDER_SUBJECT;

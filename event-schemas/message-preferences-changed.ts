import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { PaxId } from './primitives';

/**
 * A member's consent to marketing messages changed. Both choices are carried whole (not a diff), so the latest event
 * alone says where the member stands. `via` is how: the enrollment form (the member's first choice), the profile, the signed link in an e-mail's body, or a mail
 * client's one-click unsubscribe (List-Unsubscribe-Post). Transactional messages never depend on it.
 */
export const MessagePreferencesChanged = defineEvent(
  'MessagePreferencesChanged',
  1,
  t.type({
    paxId: PaxId,
    /** Marketing e-mails (campaign offers, reminders, survey invitations): on unless the member opts out. */
    emailMarketing: t.boolean,
    /** Marketing texts: off unless the member opts in. */
    smsMarketing: t.boolean,
    via: t.keyof({ enrollment: null, profile: null, 'email-link': null, 'one-click': null }),
  }),
);

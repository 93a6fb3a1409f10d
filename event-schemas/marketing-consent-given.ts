import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { PaxId } from './primitives';

/**
 * The marketing consent a member gave on the enrollment form (issue 54, item 10), each channel as ticked or not:
 * the record of what they chose when they joined. Their message preferences (the member stream's
 * MessagePreferencesChanged, `via: 'enrollment'`) start from it.
 */
export const MarketingConsentGiven = defineEvent(
  'MarketingConsentGiven',
  1,
  t.type({
    paxId: PaxId,
    emailMarketing: t.boolean,
    smsMarketing: t.boolean,
  }),
);

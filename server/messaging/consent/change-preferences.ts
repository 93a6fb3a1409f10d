import type { MessagePreferences } from '../../../event-schemas/contract/contacts';
import { right } from 'fp-ts/Either';
import { MessagePreferencesChanged, type EventOfType, type MemberEvent } from '../../../event-schemas';
import type { Decider } from '../../core/decider';

/** The member's choices are the contract's (event-schemas/contract/contacts.ts): the profile reads and sends them. */
export type { MessagePreferences };

/** US rules: marketing e-mail until the member opts out (CAN-SPAM), marketing texts only after they opt in (TCPA). */
export const DEFAULT_PREFERENCES: MessagePreferences = { emailMarketing: true, smsMarketing: false };

export interface ChangePreferences {
  paxId: number;
  /** A choice left out stays as it is. */
  emailMarketing?: boolean;
  smsMarketing?: boolean;
  via: EventOfType<'MessagePreferencesChanged'>['data']['via'];
}

export const evolvePreferences = (state: MessagePreferences, event: MemberEvent): MessagePreferences =>
  event.type === 'MessagePreferencesChanged' ? { emailMarketing: event.data.emailMarketing, smsMarketing: event.data.smsMarketing } : state;

/** Records a change only when something changes: a second click on the same unsubscribe link adds nothing to the history. */
export const changePreferences: Decider<ChangePreferences, MessagePreferences, MemberEvent> = {
  initialState: DEFAULT_PREFERENCES,
  evolve: evolvePreferences,
  decide: (c, state) => {
    const next = { emailMarketing: c.emailMarketing ?? state.emailMarketing, smsMarketing: c.smsMarketing ?? state.smsMarketing };
    if (next.emailMarketing === state.emailMarketing && next.smsMarketing === state.smsMarketing) return right([]);
    return right([MessagePreferencesChanged.of({ paxId: c.paxId, ...next, via: c.via })]);
  },
};

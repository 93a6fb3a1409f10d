import type { SessionEvent } from '../../../../event-schemas/contract/session';
import { assign, setup } from 'xstate';
import { outcomeOf, type ClaimOutcome } from '../../lib/login-events';

export { outcomeOf, type ClaimOutcome };

/** A login event as the session delivers it (event-schemas/contract/session.ts); its dates are read only when they are strings. */
export type ClaimEvent = SessionEvent;

export interface ClaimMessage {
  title: string;
  text: string[];
  error: boolean;
}

const dated = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The spec's section 8 texts. */
export const messageOf = (outcome: ClaimOutcome, event: ClaimEvent, formatDate: (d: string) => string): ClaimMessage => {
  switch (outcome) {
    case 'alreadyClaimed':
      return { title: 'OFFER ALREADY CLAIMED', text: ["You've already claimed this offer. Keep checking back for exciting new offers."], error: true };
    case 'offerEnded':
      return { title: 'OFFER ENDED', text: ['This offer is no longer valid. Keep checking back for exciting new offers.'], error: true };
    case 'notEligible':
      return { title: 'SORRY', text: ["You're not eligible for this offer. Keep checking your inbox for the program's offers exclusive to you."], error: true };
    case 'success':
      return {
        title: 'CONGRATULATIONS!',
        text: [
          "You've successfully claimed your offer.",
          dated(event.activationDate) && dated(event.expirationDate)
            ? `Your offer will be ready on ${formatDate(event.activationDate)} and expires on ${formatDate(event.expirationDate)}. Schedule an appointment with a specialist to use it.`
            : 'Contact your specialist and schedule an appointment to use it.',
        ],
        error: false,
      };
    default: {
      const never: never = outcome;
      return never;
    }
  }
};

export const offerClaimMachine = setup({
  types: {
    context: {} as { outcome: ClaimOutcome | null; event: ClaimEvent | null },
    events: {} as { type: 'LOGIN_EVENT'; event: ClaimEvent } | { type: 'CLOSE' },
  },
  guards: { isClaimEvent: ({ event }) => event.type === 'LOGIN_EVENT' && outcomeOf(event.event.code) !== null },
}).createMachine({
  id: 'offerClaim',
  initial: 'idle',
  context: { outcome: null, event: null },
  states: {
    idle: {
      entry: assign({ outcome: null, event: null }),
      on: {
        LOGIN_EVENT: {
          guard: 'isClaimEvent',
          target: 'showing',
          actions: assign(({ event }) => (event.type === 'LOGIN_EVENT' ? { outcome: outcomeOf(event.event.code), event: event.event } : {})),
        },
      },
    },
    showing: { on: { CLOSE: 'idle' } },
  },
});

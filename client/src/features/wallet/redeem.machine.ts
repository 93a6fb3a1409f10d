import type { RedeemAnswer as WireRedeemAnswer, RedeemedCertificate } from '../../../../event-schemas/contract/participants';
import { assign, fromPromise, setup } from 'xstate';
import { REDEEM_TIERS } from '../../../../event-schemas/contract/redeem-tiers';

/** The tiers of the contract, largest first as the dialog lists them. */
export const REDEEM_OPTIONS = [...REDEEM_TIERS].reverse();

/** What the wallet reads of the redemption's answer (event-schemas/contract/participants.ts): it does not wait on the position. */
export type RedeemAnswer = Omit<WireRedeemAnswer, 'position'>;
export type { RedeemedCertificate };

export interface RedeemContext {
  paxId: number;
  balance: number;
  amount: number | null;
  result: RedeemAnswer | null;
  error: string | null;
}

export type RedeemEvent =
  | { type: 'OPEN'; paxId: number; balance: number }
  | { type: 'BALANCE_CHANGED'; balance: number }
  | { type: 'CHOOSE'; amount: number }
  | { type: 'REDEEM' }
  | { type: 'CONFIRM' }
  | { type: 'BACK' }
  | { type: 'CLOSE' };

/** Options above the balance are disabled. */
export const isOptionEnabled = (amount: number, balance: number) => amount <= balance;

export const createRedeemMachine = (redeem: (input: { paxId: number; amount: number }) => Promise<RedeemAnswer>) =>
  setup({
    types: { context: {} as RedeemContext, events: {} as RedeemEvent },
    actors: { redeem: fromPromise<RedeemAnswer, { paxId: number; amount: number }>(({ input }) => redeem(input)) },
    guards: {
      amountAllowed: ({ context, event }) =>
        event.type === 'CHOOSE' && (REDEEM_OPTIONS as readonly number[]).includes(event.amount) && isOptionEnabled(event.amount, context.balance),
      amountChosen: ({ context }) => context.amount !== null && isOptionEnabled(context.amount, context.balance),
    },
    actions: {
      reset: assign({ amount: null, result: null, error: null }),
    },
  }).createMachine({
    id: 'redeem',
    initial: 'closed',
    context: { paxId: 0, balance: 0, amount: null, result: null, error: null },
    // The live balance follows every state; only a choice not yet sent is dropped when the balance no longer covers
    // it. Once the redemption is on its way (or done) its amount is a fact: the balance falling by it is its effect.
    on: {
      BALANCE_CHANGED: { actions: assign(({ event }) => ({ balance: event.balance })) },
    },
    states: {
      closed: {
        entry: 'reset',
        on: { OPEN: { target: 'choosing', actions: assign(({ event }) => ({ paxId: event.paxId, balance: event.balance })) } },
      },
      choosing: {
        on: {
          BALANCE_CHANGED: {
            actions: assign(({ context, event }) => ({
              balance: event.balance,
              amount: context.amount !== null && context.amount > event.balance ? null : context.amount,
            })),
          },
          CHOOSE: { guard: 'amountAllowed', actions: assign(({ event }) => ({ amount: event.amount, error: null })) },
          REDEEM: { guard: 'amountChosen', target: 'confirming' },
          CLOSE: 'closed',
        },
      },
      confirming: {
        on: {
          CONFIRM: 'redeeming',
          BACK: 'choosing',
          CLOSE: 'closed',
          // Spent elsewhere meanwhile (another tab): back to choosing, where the amount is dropped if it no longer fits.
          BALANCE_CHANGED: [
            {
              guard: ({ context, event }) => context.amount !== null && context.amount > event.balance,
              target: 'choosing',
              actions: assign(({ event }) => ({ balance: event.balance, amount: null })),
            },
            { actions: assign(({ event }) => ({ balance: event.balance })) },
          ],
        },
      },
      redeeming: {
        invoke: {
          src: 'redeem',
          input: ({ context }) => ({ paxId: context.paxId, amount: context.amount ?? 0 }),
          onDone: { target: 'success', actions: assign(({ event }) => ({ result: event.output, balance: event.output.balance })) },
          onError: {
            target: 'choosing',
            actions: assign(({ event }) => ({ error: event.error instanceof Error ? event.error.message : 'An unknown error occurred' })),
          },
        },
      },
      success: {
        on: { CLOSE: 'closed' },
      },
    },
  });

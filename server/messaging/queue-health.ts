import type { QueueState } from './outbox-queue';

/**
 * A queue whose oldest message has waited this long is not draining: the relay is down or slower than what is written.
 * Five minutes leaves room for a campaign's burst (100,000 e-mails at 200/s take about eight) to show as behind early.
 */
export const OUTBOX_BEHIND_SECONDS = 300;

export interface QueueHealth extends QueueState {
  behind: boolean;
}

export const queueHealth = (state: QueueState): QueueHealth => ({ ...state, behind: state.oldestAgeSeconds > OUTBOX_BEHIND_SECONDS });

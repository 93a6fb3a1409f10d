import type pg from 'pg';
import { DEFAULT_RETRY_POLICY, nextAttemptAt, type RetryPolicy } from './backoff';
import { claimDue, markOutcomes, withheldIds, type Claimed, type FailedOutcome, type SentOutcome } from './outbox-queue';
import { PermanentDeliveryError, type Transport } from './transport';

export interface DispatcherOptions {
  /** Messages claimed at once; all of a batch are in flight together (a pooled SMTP transport spreads them). */
  batchSize: number;
  /**
   * How long a claim holds a message. Longer than any send can take (the SMTP transport gives up on a silent server
   * after 60 s), so only a dead dispatcher's messages are claimed again.
   */
  leaseMs: number;
  /** How long to wait before looking again when nothing was due. */
  idleMs: number;
  retry: RetryPolicy;
  /** The domain of generated Message-IDs (MAIL_FROM's). */
  messageIdDomain: string;
}

export const DISPATCHER_DEFAULTS: DispatcherOptions = {
  batchSize: 50,
  leaseMs: 5 * 60_000,
  idleMs: 500,
  retry: DEFAULT_RETRY_POLICY,
  messageIdDomain: 'localhost',
};

/** Counted per channel on /metrics. */
export interface DeliveryCounters {
  sent(channel: string): void;
  /** A failed attempt that will be tried again. */
  retried(channel: string): void;
  /** A message parked after its last attempt (or a permanent refusal). */
  failed(channel: string): void;
}

/** Parked with this error: a marketing message whose member withdrew consent while it waited. An admin's retry withholds it again. */
export const WITHHELD = 'withheld: the member no longer consents to this kind of message';

const noCounters: DeliveryCounters = { sent: () => undefined, retried: () => undefined, failed: () => undefined };

const describe = (e: unknown): string => (e instanceof Error ? `${e.name === 'Error' ? '' : `${e.name}: `}${e.message}` : String(e));

/**
 * Delivers the outbox: claims due messages in small batches, hands each to its channel's transport and marks the
 * outcome. Any number of dispatchers (processes) may run on one database; see claimDue for why none sends a message
 * twice, and for the one case (a dispatcher dying between send and mark) where a message goes once more.
 */
export class OutboxDispatcher {
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private readonly options: DispatcherOptions;

  constructor(
    private readonly pool: pg.Pool,
    private readonly transports: Record<'email' | 'sms', Transport>,
    options: Partial<DispatcherOptions> = {},
    private readonly deps: { now?: () => Date; counters?: DeliveryCounters; log?: (message: string, error?: unknown) => void } = {},
  ) {
    this.options = { ...DISPATCHER_DEFAULTS, ...options };
  }

  private now = () => (this.deps.now ?? (() => new Date()))();

  /** One batch: claimed, sent side by side, marked. Answers how many were claimed (0: nothing was due). */
  async dispatchOnce(): Promise<number> {
    const batch = await claimDue(this.pool, {
      limit: this.options.batchSize,
      leaseMs: this.options.leaseMs,
      now: this.now(),
      domain: this.options.messageIdDomain,
    });
    if (batch.length === 0) return 0;
    const sent: SentOutcome[] = [];
    const failed: FailedOutcome[] = [];
    const withheld = await withheldIds(this.pool, batch);
    for (const id of withheld) failed.push({ id, error: WITHHELD, retryAt: null });
    await Promise.all(
      batch
        .filter((m) => !withheld.has(m.id))
        .map(async (m) => {
          try {
            const { providerId } = await this.transports[m.channel].send(m);
            sent.push({ id: m.id, providerId });
          } catch (e) {
            failed.push(this.failure(m, e));
          }
        }),
    );
    await markOutcomes(this.pool, sent, failed, this.now());
    const counters = this.deps.counters ?? noCounters;
    const channelOf = new Map(batch.map((m) => [m.id, m.channel]));
    for (const s of sent) counters.sent(channelOf.get(s.id)!);
    for (const f of failed) {
      if (f.error === WITHHELD) continue;
      if (f.retryAt) counters.retried(channelOf.get(f.id)!);
      else counters.failed(channelOf.get(f.id)!);
    }
    return batch.length;
  }

  private failure(m: Claimed, e: unknown): FailedOutcome {
    const retryAt = e instanceof PermanentDeliveryError ? null : nextAttemptAt(this.options.retry, m.attempts, this.now());
    if (!retryAt) this.deps.log?.(`outbox message ${m.id} (${m.channel}) parked after ${m.attempts} attempt(s)`, e);
    return { id: m.id, error: describe(e), retryAt };
  }

  /** Runs until stopped: a full batch is followed at once by the next, an empty one by a wait of `idleMs` (or a wake()). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        let claimed = 0;
        try {
          claimed = await this.dispatchOnce();
        } catch (e) {
          // The database went away for a moment: the leases keep the batch safe; look again after a pause.
          if (this.running) this.deps.log?.('outbox dispatch failed', e);
        }
        if (claimed < this.options.batchSize && this.running) await this.pause();
      }
    })();
  }

  /** Looks at the queue now instead of after the idle wait (a process that just wrote a message calls it). */
  wake(): void {
    this.wakeUp?.();
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.idleMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }

  /** Lets the batch in flight finish and be marked, then stops. */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    this.loop = undefined;
  }
}

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { WrongExpectedRevision, type EventStore } from '../../event-schemas/store/event-store';

/*
 * Prometheus metrics (GET /metrics): HTTP latency by route, appends, projection lag per read model, open live
 * streams, nightly job runs and login throttling. One registry per runtime (tests start several in one process).
 * Gauges that depend on the database are read when Prometheus scrapes, not on a timer.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly appends = new Counter({
    name: 'event_store_appends_total',
    help: 'Append calls by outcome (ok, conflict, error)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  readonly appendedEvents = new Counter({ name: 'event_store_appended_events_total', help: 'Events appended', registers: [this.registry] });
  readonly jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Nightly job runs by job and outcome',
    labelNames: ['job', 'outcome'],
    registers: [this.registry],
  });
  readonly loginThrottled = new Counter({
    name: 'login_throttled_total',
    help: 'Sign-ins refused with 429 after repeated failures',
    registers: [this.registry],
  });

  readonly messagesSent = new Counter({
    name: 'messages_sent_total',
    help: 'Messages a provider accepted, by channel',
    labelNames: ['channel'],
    registers: [this.registry],
  });
  readonly messagesRetried = new Counter({
    name: 'messages_retried_total',
    help: 'Failed delivery attempts that will be tried again, by channel',
    labelNames: ['channel'],
    registers: [this.registry],
  });
  readonly messagesFailed = new Counter({
    name: 'messages_failed_total',
    help: 'Messages parked after their last attempt or a permanent refusal, by channel',
    labelNames: ['channel'],
    registers: [this.registry],
  });

  constructor(sources: {
    openStreams: () => number;
    projectionLag: () => Promise<{ name: string; lagSeconds: number; caughtUp: boolean }[]>;
    outbox?: () => Promise<{ pending: number; oldestAgeSeconds: number; parked: number }>;
  }) {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'live_streams_open',
      help: 'Open live (SSE) streams',
      registers: [this.registry],
      collect() {
        this.set(sources.openStreams());
      },
    });
    // Both lag gauges come from one read per scrape (prom-client collects gauges side by side, so they share it).
    let read: { at: number; lag: ReturnType<typeof sources.projectionLag> } | undefined;
    const lagNow = () => {
      if (!read || Date.now() - read.at > 250) read = { at: Date.now(), lag: sources.projectionLag().catch(() => []) };
      return read.lag;
    };
    new Gauge({
      name: 'projection_lag_seconds',
      help: 'Age of the oldest event a read model has not applied (0 when caught up)',
      labelNames: ['read_model'],
      registers: [this.registry],
      async collect() {
        for (const p of await lagNow()) this.set({ read_model: p.name }, p.lagSeconds);
      },
    });
    new Gauge({
      name: 'projection_caught_up',
      help: '1 when the read model has applied the newest event',
      labelNames: ['read_model'],
      registers: [this.registry],
      async collect() {
        for (const p of await lagNow()) this.set({ read_model: p.name }, p.caughtUp ? 1 : 0);
      },
    });
    const outbox = sources.outbox;
    if (outbox) {
      let queue: { at: number; state: ReturnType<typeof outbox> } | undefined;
      const queueNow = () => {
        if (!queue || Date.now() - queue.at > 250) queue = { at: Date.now(), state: outbox().catch(() => ({ pending: 0, oldestAgeSeconds: 0, parked: 0 })) };
        return queue.state;
      };
      new Gauge({
        name: 'outbox_pending_messages',
        help: 'Messages not yet delivered (due, leased or waiting to be retried)',
        registers: [this.registry],
        async collect() {
          this.set((await queueNow()).pending);
        },
      });
      new Gauge({
        name: 'outbox_oldest_pending_age_seconds',
        help: 'Age of the oldest undelivered message (0 when the queue is empty)',
        registers: [this.registry],
        async collect() {
          this.set((await queueNow()).oldestAgeSeconds);
        },
      });
      new Gauge({
        name: 'outbox_parked_messages',
        help: 'Messages parked after their last attempt, waiting for an admin',
        registers: [this.registry],
        async collect() {
          this.set((await queueNow()).parked);
        },
      });
    }
  }

  /** The dispatcher's counters (server/messaging/dispatcher.ts). */
  readonly deliveries = {
    sent: (channel: string) => this.messagesSent.inc({ channel }),
    retried: (channel: string) => this.messagesRetried.inc({ channel }),
    failed: (channel: string) => this.messagesFailed.inc({ channel }),
  };
}

/** The store with its appends counted (ok, conflict or error), for the metrics. */
export const meteredStore = (store: EventStore, metrics: Metrics): EventStore => ({
  backend: store.backend,
  appendToStream: async (stream, events, options) => {
    try {
      const result = await store.appendToStream(stream, events, options);
      metrics.appends.inc({ outcome: 'ok' });
      metrics.appendedEvents.inc(events.length);
      return result;
    } catch (error) {
      metrics.appends.inc({ outcome: error instanceof WrongExpectedRevision ? 'conflict' : 'error' });
      throw error;
    }
  },
  readStream: (...args) => store.readStream(...args),
  readAll: (...args) => store.readAll(...args),
  subscribeToAll: (...args) => store.subscribeToAll(...args),
  waitForAppend: (...args) => store.waitForAppend(...args),
  headPosition: () => store.headPosition(),
  committedHead: () => store.committedHead(),
  close: () => store.close(),
  ...(store.countAll ? { countAll: () => store.countAll!() } : {}),
  ...(store.appendedCount ? { appendedCount: () => store.appendedCount!() } : {}),
});

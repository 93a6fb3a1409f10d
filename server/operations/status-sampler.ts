import type { StatusSample } from '../../event-schemas/contract/system-status';
import type pg from 'pg';
import { projectionLag } from '../health';
import type { EventStore } from '../../event-schemas/store/event-store';

/** A sample is the contract's (event-schemas/contract/system-status.ts): the status page charts it. */
export type { StatusSample };

/**
 * Samples event-store size and projection lag every few seconds and keeps the last ones in memory, so the admin
 * status page can draw lag over time instead of showing a single number that says nothing about a trend.
 */
export class StatusSampler {
  private readonly samples: StatusSample[] = [];
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly intervalMs = 5000,
    private readonly keep = 180,
  ) {}

  start(): void {
    void this.sample();
    this.timer = setInterval(() => void this.sample(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  history(): StatusSample[] {
    return [...this.samples];
  }

  async sample(): Promise<StatusSample | undefined> {
    if (this.running) return undefined;
    this.running = true;
    try {
      // Never countAll here: on PostgreSQL it is a count(*) of the whole log, every few seconds, forever.
      const [totalEvents, lag] = await Promise.all([
        this.store.appendedCount?.() ?? Promise.resolve(undefined),
        projectionLag({ pool: this.pool, store: this.store }),
      ]);
      const now = new Date();
      const previous = this.samples[this.samples.length - 1];
      const seconds = previous ? (now.getTime() - Date.parse(previous.at)) / 1000 : 0;
      const sample: StatusSample = {
        at: now.toISOString(),
        totalEvents: totalEvents ?? null,
        appendsPerSecond: previous?.totalEvents != null && totalEvents !== undefined && seconds > 0 ? (totalEvents - previous.totalEvents) / seconds : null,
        lagEvents: Object.fromEntries(lag.map((l) => [l.name, l.lagEvents])),
      };
      this.samples.push(sample);
      if (this.samples.length > this.keep) this.samples.shift();
      return sample;
    } catch {
      return undefined;
    } finally {
      this.running = false;
    }
  }
}

import type pg from 'pg';
import { dueRunDates } from './nightly-schedule';

export interface NightlyJob {
  /** The job's name in job_runs. */
  name: string;
  run(runDate: string): Promise<unknown>;
}

export interface SchedulerOptions {
  pool: pg.Pool;
  timeZone: string;
  now: () => Date;
  log: (message: string, error?: unknown) => void;
  /** How often the clock is checked; a minute is fine for a once-a-day job. */
  intervalMs?: number;
  /** Told of each claimed run's outcome (the job_runs_total metric). */
  observe?: (job: string, outcome: 'ok' | 'failed') => void;
}

/**
 * Runs nightly jobs inside the server. Each due local date is claimed with a unique (job, run_date) row first, so
 * several server processes never run one day twice; what is due is read from job_runs, so a restart catches up.
 * A run that fails gives its claim back and is tried again on the next tick.
 */
export class NightlyScheduler {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: SchedulerOptions,
    private readonly jobs: NightlyJob[],
  ) {}

  start(): void {
    const tick = () => {
      this.ticking = this.ticking.then(async () => {
        await this.tick();
      });
    };
    tick();
    this.timer = setInterval(tick, this.options.intervalMs ?? 60_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.ticking;
  }

  /** Runs whatever is due now; answers the dates this process ran, per job. */
  async tick(): Promise<Record<string, string[]>> {
    const ran: Record<string, string[]> = {};
    for (const job of this.jobs) {
      ran[job.name] = [];
      try {
        const last = await this.options.pool.query<{ last: string | null }>(
          `SELECT to_char(max(run_date), 'YYYY-MM-DD') AS last FROM job_runs WHERE job = $1`,
          [job.name],
        );
        for (const date of dueRunDates(this.options.now(), this.options.timeZone, last.rows[0].last)) {
          if (await this.runOnce(job, date)) ran[job.name].push(date);
        }
      } catch (error) {
        this.options.log(`nightly job ${job.name} failed; it will be retried`, error);
      }
    }
    return ran;
  }

  private async runOnce(job: NightlyJob, date: string): Promise<boolean> {
    const claim = await this.options.pool.query('INSERT INTO job_runs (job, run_date) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING run_date', [
      job.name,
      date,
    ]);
    if (!claim.rowCount) return false;
    try {
      const result = await job.run(date);
      await this.options.pool.query('UPDATE job_runs SET finished_at = now(), result = $3 WHERE job = $1 AND run_date = $2', [
        job.name,
        date,
        JSON.stringify(result ?? null),
      ]);
      this.options.observe?.(job.name, 'ok');
      return true;
    } catch (error) {
      this.options.observe?.(job.name, 'failed');
      await this.options.pool.query('DELETE FROM job_runs WHERE job = $1 AND run_date = $2 AND finished_at IS NULL', [job.name, date]);
      throw error;
    }
  }
}

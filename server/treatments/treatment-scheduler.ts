import type { Deps } from '../deps';
import { NightlyScheduler } from './nightly-scheduler';
import { runProcessTreatments } from './process-treatments';

/** The nightly job of CONTRACT.md: after 11:59 pm in the programme's time zone, PENDING treatments earn points. */
export const treatmentScheduler = (deps: Deps) =>
  new NightlyScheduler(
    { pool: deps.pool, timeZone: deps.settings.timeZone, now: deps.now, log: deps.log, observe: (job, outcome) => deps.metrics.jobRuns.inc({ job, outcome }) },
    [{ name: 'process-treatments', run: (runDate) => runProcessTreatments(deps, runDate) }],
  );

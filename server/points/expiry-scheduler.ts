import { runCampaignReminders } from '../campaigns';
import { runCertificateExpiry } from '../certificates/expire-certificates-job';
import { releaseAbandonedStock } from '../gift-certificates/release-abandoned-stock';
import type { Deps } from '../deps';
import { NightlyScheduler, type NightlyJob } from '../treatments/nightly-scheduler';
import { runPointsExpiry } from './expire-points-job';

/**
 * The two expiry jobs and the campaign reminders (about expiry too), each under its own name in job_runs so each day runs once across every server process.
 * A run for date D starts at 11:59 pm on D and expires what is past its date on D (dated before D): never a minute
 * early. What expires on D itself goes in the next night's run; until then GET /points and live `points` balances
 * already leave it out (projections/member-points/points-query.ts), and redemption cannot spend it.
 */
export const expiryJobs = (deps: Deps): NightlyJob[] => [
  { name: 'expire-points', run: (runDate) => runPointsExpiry(deps, runDate) },
  { name: 'expire-certificates', run: (runDate) => runCertificateExpiry(deps, runDate) },
  // After the expiry of the same night: the run for D reminds offers good through D or later, never one just expired.
  { name: 'campaign-reminders', run: (runDate) => runCampaignReminders(deps, runDate) },
  // Gift-shop stock held by checkouts that never bought (a crash between reserving and buying) goes back on sale.
  { name: 'release-abandoned-stock', run: () => releaseAbandonedStock(deps) },
];

export const expiryScheduler = (deps: Deps) =>
  new NightlyScheduler(
    { pool: deps.pool, timeZone: deps.settings.timeZone, now: deps.now, log: deps.log, observe: (job, outcome) => deps.metrics.jobRuns.inc({ job, outcome }) },
    expiryJobs(deps),
  );

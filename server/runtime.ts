import pg from 'pg';
import { allProjections } from '../projections/registry';
import { ProjectionDaemon } from '../projections/runner';
import { createPgEventStore } from './adapters/pg-event-store';
import { PgListener } from './adapters/pg-listener';
import { createApp } from './app';
import { certificateReconciler } from './certificates/certificate-reconciler';
import { cardArtSource, rememberingCardArt } from './gift-certificates/card-art-catalogue';
import { referralRewards } from './referrals/referral-rewards';
import { dateIn, type ProgrammeSettings } from './config';
import { spendablePointsMessage } from '../projections/member-points/points-query';
import { migrate } from './db/migrate';
import type { Deps } from './deps';
import { SESSION_REVOKED_CHANNEL } from './auth/sessions';
import { LiveHub, type HubOptions } from './live/hub';
import { StatusSampler } from './operations/status-sampler';
import { ProjectionProgress } from './live/progress';
import type { EventStore } from './ports/event-store';
import { treatmentScheduler } from './treatments/treatment-scheduler';
import { expiryScheduler } from './points/expiry-scheduler';

export interface RuntimeOptions {
  databaseUrl: string;
  settings: ProgrammeSettings;
  /** Use EventStoreDB instead of the PostgreSQL event store. */
  eventStoreConnectionString?: string;
  embedded?: boolean;
  now?: () => Date;
  log?: (message: string, error?: unknown) => void;
  hub?: Partial<HubOptions>;
  /** Tests may drive projections by hand; the server keeps them running. */
  runProjections?: boolean;
  poolSize?: number;
  /** The nightly jobs (treatment processing, points and certificate expiry) run inside the server; tests turn them off to drive the jobs themselves. */
  runScheduler?: boolean;
}

export interface Runtime {
  deps: Deps;
  app: ReturnType<typeof createApp>;
  listener: PgListener;
  stop(): Promise<void>;
}

const defaultLog = (message: string, error?: unknown) => console.error(`[rewards] ${message}`, error ?? '');

/** Builds the whole server on one database: migrations, event store, projections, live hub and the express app. */
export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const log = options.log ?? defaultLog;
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
  pool.on('error', (e) => log('idle database connection failed', e));
  await migrate(pool);
  const listener = new PgListener(options.databaseUrl);
  let store: EventStore;
  if (options.eventStoreConnectionString) {
    const { createEsdbEventStore } = await import('./adapters/esdb-event-store');
    store = await createEsdbEventStore(options.eventStoreConnectionString);
  } else {
    store = await createPgEventStore(pool, listener);
  }
  const progress = new ProjectionProgress(pool, listener, allProjections.map((p) => p.name));
  await progress.start();
  const liveProjections = allProjections.filter((p) => p.liveKinds.length > 0).map((p) => p.name);
  const now = options.now ?? (() => new Date());
  // Live `points` balances leave out lots past their date, as GET /points does (projections/member-points/points-query.ts).
  const present = (paxId: number, kind: string, data: unknown) =>
    kind === 'points' ? spendablePointsMessage(pool, paxId, data, dateIn(options.settings.timeZone, now())) : Promise.resolve(data);
  const hub = new LiveHub(pool, progress, log, liveProjections, { present, ...options.hub });
  listener.on(SESSION_REVOKED_CHANNEL, (payload: string) => hub.closeSessions(JSON.parse(payload) as string[]));
  await listener.listen(SESSION_REVOKED_CHANNEL);
  // The certificate reconciler and referral rewards ride the same runner (own checkpoints) but are processes, not read models.
  // One memory of design titles for checkout and the reconciler: checkout warms it, so the gift e-mail written in the
  // reconciler's batch transaction rarely has to ask a remote content service.
  const cardArt = rememberingCardArt(cardArtSource(pool));
  const daemon = new ProjectionDaemon(pool, store, [...allProjections, certificateReconciler(store, cardArt), referralRewards({ store, settings: options.settings, now })], log);
  if (options.runProjections !== false) daemon.start();
  const status = new StatusSampler(pool, store);
  if (options.runProjections !== false) status.start();
  const deps: Deps = { pool, store, settings: options.settings, now, progress, hub, status, log, embedded: options.embedded ?? false, cardArt };
  const app = createApp(deps);
  const schedulers = [treatmentScheduler(deps), expiryScheduler(deps)];
  if (options.runScheduler !== false) for (const s of schedulers) s.start();
  return {
    deps,
    app,
    listener,
    async stop() {
      status.stop();
      hub.close();
      for (const s of schedulers) await s.stop();
      await daemon.stop();
      await store.close();
      await listener.close();
      await pool.end();
    },
  };
}

import { treatmentVoids } from './treatments/treatment-voids';
import pg from 'pg';
import { readModels } from '../projections/registry';
import { ProjectionDaemon } from '../projections/daemon';
import type { Projection } from '../projections/projection';
import { createPgEventStore } from './adapters/pg-event-store';
import { PgListener } from './adapters/pg-listener';
import { createApp } from './app';
import { certificateReconciler } from './certificates/certificate-reconciler';
import { cardArtSource, rememberingCardArt, type FindCardArt } from './gift-certificates/card-art-catalogue';
import { referralRewards } from './referrals/referral-rewards';
import { portalLink, type MessagingSettings, type ProgrammeSettings } from './config';
import { OutboxDispatcher, type DispatcherOptions } from './messaging/dispatcher';
import { queueState } from './messaging/outbox-queue';
import { DEMO_MESSAGING, transportsFor } from './messaging/transports';
import { messagingMigrations } from './messaging/outbox-schema';
import { dateIn } from '../event-schemas/calendar';
import { overduePointsOf, spendablePointsMessages, withoutOverdue } from '../projections/member-points/points-query';
import { migrate } from './db/migrate';
import type { Deps } from './deps';
import { SESSION_REVOKED_CHANNEL } from './auth/sessions';
import { sessionCacheFor } from './auth/session-cache';
import { LiveHub, type HubOptions, type LiveMessage } from './live/hub';
import { LIVE_WINDOW_DEFAULTS, LiveWindowJob, type LiveWindowOptions } from './live/prune';
import { StatusSampler } from './operations/status-sampler';
import { ProjectionProgress } from './live/progress';
import type { EventStore } from '../event-schemas/store/event-store';
import { treatmentScheduler } from './treatments/treatment-scheduler';
import { expiryScheduler } from './points/expiry-scheduler';
import { authRoutes } from './auth/routes';
import { enrollmentRoutes } from './auth/enrollment-routes';
import { openApiDocument } from './core/openapi';
import { route, type AnyRoute } from './core/route';
import { cheapProjectionLag, healthRoutes } from './health';
import { logFunction, silentLogger, type Logger } from './operations/logger';
import type { StartupWatch } from './operations/startup-watch';
import { meteredStore, Metrics } from './operations/metrics';
import { statusRoutes } from './operations/status-routes';
import { externalAdminToolRoutes } from './operations/external-admin-tool';
import { liveRoutes } from './live/routes';
import { outboxRoutes } from './mail/outbox';
import { preferenceRoutes } from './messaging/consent/preference-routes';
import { broadcastRoutes } from './messaging/broadcast-routes';
import { participantRoutes } from './participants/routes';
import { contactRoutes } from './participants/contact-routes';
import { profileRoutes } from './participants/profile-routes';
import { participantSearchRoutes } from './participants/search-routes';
import { referralRoutes } from './referrals/referral-routes';
import { pointsRoutes } from './points/routes';
import { bonusPointsRoutes } from './points/bonus-points-route';
import { auditRoutes } from './audit/routes';
import { certificateExpiryRoutes } from './certificates/expire-certificates-job';
import { certificateRoutes } from './certificates/routes';
import { pointsExpiryRoutes } from './points/expire-points-job';
import { abandonedStockRoutes } from './gift-certificates/release-abandoned-stock';
import { redeemRoutes } from './points/redeem-route';
import { groupRoutes } from './groups/routes';
import { surveyAdminRoutes } from './surveys/admin-routes';
import { surveyResultRoutes } from './surveys/results-routes';
import { surveyMemberRoutes } from './surveys/member-routes';
import { practiceApiKeyRoutes } from './practices/api-key-routes';
import { practiceMigrations } from './practices/practice-tables';
import { practiceTreatmentRoutes } from './practices/practice-treatment-routes';
import { practiceStaffRoutes } from './practices/staff-routes';
import { practicePatientRoutes } from './practices/patient-routes';
import { practiceCheckoutRoutes } from './practices/checkout-routes';
import { practiceStatementRoutes } from './practices/statement-routes';
import { practiceKeyRoutes } from './practices/practice-key-routes';
import { productRoutes } from './products/product-routes';
import { treatmentRoutes } from './treatments/treatment-routes';
import { processTreatmentsRoutes } from './treatments/process-treatments-route';
import { activityRoutes } from './activity/activity-routes';
import { certificateCategoryRoutes } from './certificate-categories/category-routes';
import { contentRoutes } from './content';
import { specialistRoutes } from './specialists';
import { giftCertificateRoutes } from './gift-certificates';
import { giftClaimRoutes } from './gift-certificates/gift-claim-routes';
import { promotionMigrations, promotionPayouts, promotionRoutes } from './promotions';
import { drillDownRoutes } from './reports/drill-down-routes';
import { reportRoutes } from './reports/report-routes';
import { reportMigrations } from './reports/report-migrations';
import { campaignReminderRoutes, campaignRoutes, patientEventOffers } from './campaigns';
import { projectionMigrations } from '../projections/migrations';
import { eventStoreMigrations } from './adapters/pg-event-store-schema';
import { productMigrations } from './products/product-tables';
import type { Migration } from '../projections/migrations/migration';
import { platformMigrations } from './db/platform-schema';
import { surveyConfigMigrations } from './surveys/survey-tables';
import { treatmentConfigMigrations } from './treatments/treatment-tables';
import { contentMigrations } from './content';
import { specialistMigrations } from './specialists';
import { giftCertificateMigrations } from './gift-certificates';
import { campaignMigrations } from './campaigns';
import { participantSearchMigrations } from './participants/participant-search-schema';
import { groupCountMigrations } from './groups/group-count-schema';
import { categoryFieldMigrations } from './certificate-categories/category-schema';
import { accessLogMigrations, erasureMigrations, retentionMigrations } from './privacy/privacy-schema';
import { retentionScheduler } from './privacy/retention-job';
import { accessLogRoutes } from './privacy/access-log-routes';
import { erasureRoutes } from './privacy/erasure-routes';
import { keyringFor, memberKeyMigrations } from './privacy/sealing/member-keys';
import { sealingStore } from './privacy/sealing/sealing-store';
import { exportRoutes } from './privacy/export-route';
import { erasedMemberCertificateMigrations, erasedMemberCertificates } from './privacy/erased-member-certificates';

/*
 * The composition root: the one place where the programme is put together. Migrations, read models and processes
 * on the log, routes and nightly jobs are registered here; `startRuntime` wires them to one database and event store.
 * server/index.ts (the process) and server/cli/rebuild.ts (the rebuild command) both build on it.
 */

/** Every schema change, in id order: the event store's, the platform's, each domain's configuration, and the read models'. */
export const allMigrations = (): Migration[] =>
  [
    ...eventStoreMigrations,
    ...platformMigrations,
    ...practiceMigrations,
    ...surveyConfigMigrations,
    ...treatmentConfigMigrations,
    ...productMigrations,
    ...contentMigrations,
    ...specialistMigrations,
    ...giftCertificateMigrations,
    ...campaignMigrations,
    ...participantSearchMigrations,
    ...groupCountMigrations,
    ...categoryFieldMigrations,
    ...messagingMigrations,
    ...accessLogMigrations,
    ...retentionMigrations,
    ...erasureMigrations,
    ...memberKeyMigrations,
    ...erasedMemberCertificateMigrations,
    ...reportMigrations,
    ...promotionMigrations,
    ...projectionMigrations,
  ].sort((a, b) => a.id.localeCompare(b.id));

/** The read models (projections/), each fed the settings it needs. */
export const registeredReadModels = (settings: ProgrammeSettings): Projection[] => readModels({ timeZone: settings.timeZone });

/** Read models and the processes that ride the same runner with checkpoints of their own (they append, so they need the store). */
/** The processes' names (projectionsOnTheLog's), for commands that move their checkpoints without running them. */
export const PROCESS_NAMES: readonly string[] = [
  'certificate-reconciler',
  'referral-rewards',
  'promotion-payouts',
  'patient-event-offers',
  'erased-member-certificates',
  'treatment-voids',
];

export const projectionsOnTheLog = (options: {
  settings: ProgrammeSettings;
  store: EventStore;
  /** Promotion payouts and patient-event campaign offers read configuration (and write e-mails) on this pool. */
  pool: pg.Pool;
  now: () => Date;
  cardArt: FindCardArt;
  log: (message: string, error?: unknown) => void;
}): { readModels: Projection[]; processes: Projection[] } => ({
  readModels: registeredReadModels(options.settings),
  processes: [
    certificateReconciler(options.store, options.cardArt, (code) => portalLink(options.settings, `/gift-certificates/claim?code=${encodeURIComponent(code)}`)),
    referralRewards({ store: options.store, settings: options.settings, now: options.now }),
    promotionPayouts(options),
    patientEventOffers(options),
    erasedMemberCertificates(options),
    treatmentVoids(options),
  ],
});

/** Every route of the API; the OpenAPI document is generated from this same list. */
export const allRoutes = (deps: Deps): AnyRoute[] => {
  const routes = [
    ...healthRoutes(deps),
    ...statusRoutes(deps),
    ...externalAdminToolRoutes(deps),
    ...authRoutes(deps),
    ...enrollmentRoutes(deps),
    ...participantRoutes(deps),
    ...contactRoutes(deps),
    ...profileRoutes(deps),
    ...participantSearchRoutes(deps),
    ...referralRoutes(deps),
    ...pointsRoutes(deps),
    ...bonusPointsRoutes(deps),
    ...redeemRoutes(deps),
    ...pointsExpiryRoutes(deps),
    ...abandonedStockRoutes(deps),
    ...certificateRoutes(deps),
    ...certificateExpiryRoutes(deps),
    ...auditRoutes(deps),
    ...accessLogRoutes(deps),
    ...exportRoutes(deps),
    ...erasureRoutes(deps),
    ...groupRoutes(deps),
    ...surveyAdminRoutes(deps),
    ...surveyResultRoutes(deps),
    ...surveyMemberRoutes(deps),
    ...liveRoutes(deps),
    ...outboxRoutes(deps),
    ...preferenceRoutes(deps),
    ...broadcastRoutes(deps),
    ...productRoutes(deps),
    ...practiceApiKeyRoutes(deps),
    ...practiceTreatmentRoutes(deps),
    ...practiceStaffRoutes(deps),
    ...practicePatientRoutes(deps),
    ...practiceCheckoutRoutes(deps),
    ...practiceStatementRoutes(deps),
    ...practiceKeyRoutes(deps),
    ...treatmentRoutes(deps),
    ...processTreatmentsRoutes(deps),
    ...activityRoutes(deps),
    // The gift shop's GET /certificate-categories/list before the admin's GET /certificate-categories/{id}.
    ...giftCertificateRoutes(deps),
    ...certificateCategoryRoutes(deps),
    ...contentRoutes(deps),
    ...specialistRoutes(deps),
    ...giftClaimRoutes(deps),
    ...promotionRoutes(deps),
    ...reportRoutes(deps),
    ...drillDownRoutes(deps),
    ...campaignRoutes(deps),
    ...campaignReminderRoutes(deps),
  ];
  const doc: AnyRoute = route({
    method: 'get',
    path: '/openapi.json',
    tag: 'Operations',
    summary: 'This document',
    access: 'public',
    responses: { 200: { description: 'OpenAPI 3.1' } },
    handler: async () => ({ status: 200, body: openApiDocument([...routes, doc]) }),
  });
  return [...routes, doc];
};

/** The nightly jobs (treatment processing, points and certificate expiry, campaign reminders, the purge of ended credentials). */
export const nightlyJobs = (deps: Deps) => [treatmentScheduler(deps), expiryScheduler(deps), retentionScheduler(deps)];

/** The event store: EventStoreDB when a connection string is given, otherwise the PostgreSQL log in `pool`. */
export async function openEventStore(pool: pg.Pool, listener: PgListener, eventStoreConnectionString?: string): Promise<EventStore> {
  // The personal fields of events are sealed with their member's key on the way in and opened on the way out, for
  // either backend; the keys live in PostgreSQL, outside the log (server/privacy/sealing/).
  const keyring = keyringFor(pool);
  await keyring.listen(listener);
  if (!eventStoreConnectionString) return sealingStore(await createPgEventStore(pool, listener), keyring);
  const { createEsdbEventStore } = await import('./adapters/esdb-event-store');
  return sealingStore(await createEsdbEventStore(eventStoreConnectionString), keyring);
}

export interface RuntimeOptions {
  databaseUrl: string;
  settings: ProgrammeSettings;
  /** Use EventStoreDB instead of the PostgreSQL event store. */
  eventStoreConnectionString?: string;
  embedded?: boolean;
  now?: () => Date;
  log?: (message: string, error?: unknown) => void;
  hub?: Partial<HubOptions>;
  /** How long live messages are kept for reconnects, and how often older ones are pruned. */
  liveWindow?: Partial<LiveWindowOptions>;
  /** Tests may drive projections by hand; the server keeps them running. */
  runProjections?: boolean;
  poolSize?: number;
  /** The nightly jobs (treatment processing, points and certificate expiry) run inside the server; tests turn them off to drive the jobs themselves. */
  runScheduler?: boolean;
  /** The structured logger; without one (tests) nothing is logged but what `log` writes. */
  logger?: Logger;
  /** Where messages go (SMTP, Twilio) and whether this process delivers the outbox; default: the demo mailbox, delivered here. */
  messaging?: MessagingSettings;
  /** The outbox dispatcher's batch, lease, pause and retry policy (tests shorten them). */
  dispatcher?: Partial<DispatcherOptions>;
  /** Told each step of the start as it begins (the server's startup watch names the one under way). */
  startup?: Pick<StartupWatch, 'step' | 'watchPool'>;
}

export interface Runtime {
  deps: Deps;
  app: ReturnType<typeof createApp>;
  listener: PgListener;
  stop(): Promise<void>;
}

/** Builds the whole server on one database: migrations, event store, projections, live hub and the express app. */
export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const logger = options.logger ?? silentLogger();
  const log = options.log ?? logFunction(logger);
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
  // A connection closing while the runtime stops is expected (the pool ends its clients, then PostgreSQL stops).
  let stopping = false;
  let stopped: Promise<void> | undefined;
  pool.on('error', (e) => stopping || log('idle database connection failed', e));
  const step = (name: string) => options.startup?.step(name);
  options.startup?.watchPool(pool);
  step('migrating the database');
  await migrate(pool, allMigrations());
  const listener = new PgListener(options.databaseUrl);
  // The metrics read the hub and the sampler when scraped; both are made below, after the store the metrics wrap.
  const measured: { hub?: LiveHub; status?: StatusSampler } = {};
  const metrics = new Metrics({
    openStreams: () => measured.hub?.connectionCount ?? 0,
    projectionLag: () => (measured.status ? cheapProjectionLag({ pool, store, status: measured.status }) : Promise.resolve([])),
    outbox: () => queueState(pool, new Date()),
  });
  step('opening the event store');
  const store = meteredStore(await openEventStore(pool, listener, options.eventStoreConnectionString), metrics);
  const now = options.now ?? (() => new Date());
  // One memory of design titles for checkout and the reconciler: checkout warms it, so the gift e-mail written in the
  // reconciler's batch transaction rarely has to ask a remote content service.
  const cardArt = rememberingCardArt(cardArtSource(pool, options.settings.contentful));
  const { readModels: models, processes } = projectionsOnTheLog({ settings: options.settings, store, pool, now, cardArt, log });
  const progress = new ProjectionProgress(
    pool,
    listener,
    models.map((p) => p.name),
  );
  step('listening for projection progress');
  await progress.start();
  const liveProjections = models.filter((p) => p.liveKinds.length > 0).map((p) => p.name);
  // Live `points` balances leave out lots past their date, as GET /points does (projections/member-points/points-query.ts).
  const present = (messages: LiveMessage[]) => spendablePointsMessages(pool, messages, dateIn(options.settings.timeZone, now()));
  // The same, read in the hub's query of new messages: a member's overdue points beside their messages.
  const presentWith = {
    sql: overduePointsOf,
    values: () => [dateIn(options.settings.timeZone, now())],
    // Called once per member with the facts of the whole batch: looked up as they are, not copied per member.
    present: (messages: LiveMessage[], overdue: Map<number, unknown>) => withoutOverdue(messages, overdue),
  };
  const hub = new LiveHub(pool, progress, log, liveProjections, { present, presentWith, ...options.hub });
  listener.on(SESSION_REVOKED_CHANNEL, (payload: string) => {
    const hashes = JSON.parse(payload) as string[];
    sessionCacheFor(pool).forget(hashes);
    hub.closeSessions(hashes);
  });
  step('listening for revoked sessions');
  await listener.listen(SESSION_REVOKED_CHANNEL);
  // The read models hand each batch's live messages to this process's hub after COMMIT: a push needs no NOTIFY and no read.
  const daemon = new ProjectionDaemon(pool, store, { shared: models, alone: processes }, log, undefined, hub.delivery);
  if (options.runProjections !== false) daemon.start();
  const messaging = options.messaging ?? DEMO_MESSAGING;
  const transports = await transportsFor(messaging);
  const dispatcher = new OutboxDispatcher(
    pool,
    transports,
    { messageIdDomain: messaging.messageIdDomain, ...options.dispatcher },
    { now, counters: metrics.deliveries, log },
  );
  if (messaging.dispatch) dispatcher.start();
  const status = new StatusSampler(pool, store);
  measured.hub = hub;
  measured.status = status;
  if (options.runProjections !== false) status.start();
  const deps: Deps = {
    pool,
    store,
    settings: options.settings,
    now,
    progress,
    hub,
    status,
    log,
    embedded: options.embedded ?? false,
    cardArt,
    logger,
    metrics,
    outbox: { wake: () => dispatcher.wake() },
  };
  const app = createApp(deps, allRoutes(deps));
  const schedulers = nightlyJobs(deps);
  if (options.runScheduler !== false) for (const s of schedulers) s.start();
  const liveWindow = new LiveWindowJob(pool, log, { ...LIVE_WINDOW_DEFAULTS, ...options.liveWindow });
  if (options.runScheduler !== false) liveWindow.start();
  return {
    deps,
    app,
    listener,
    // Once: a second stop (a test's teardown after its own, a signal during shutdown) waits for the first.
    stop: () => (stopped ??= stopAll()),
  };
  async function stopAll(): Promise<void> {
    stopping = true;
    status.stop();
    hub.close();
    for (const s of schedulers) await s.stop();
    await liveWindow.stop();
    await dispatcher.stop();
    await transports.email.close();
    await transports.sms.close();
    await daemon.stop();
    await store.close();
    await listener.close();
    await pool.end();
  }
}

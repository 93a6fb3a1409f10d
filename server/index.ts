import { resolve } from 'node:path';
import { startRuntime } from './composition-root';
import { serverSettingsFromEnv, settingsFromEnv } from './config';
import { startEmbeddedCluster } from './db/embedded-cluster.mjs';
import { ensureDatabase } from './db/ensure-database';
import { DEMO, seedDemo } from './seed/demo';
import { seedDemoHistory } from './seed/demo-history';

/** The server process: settings from the environment, the embedded PostgreSQL by default (or DATABASE_URL), then the composition root. */
async function main() {
  const server = serverSettingsFromEnv();
  const settings = settingsFromEnv();
  const dataDir = resolve(server.dataDir);
  let databaseUrl = server.databaseUrl;
  let stopCluster: (() => Promise<void>) | undefined;
  const embedded = !databaseUrl;
  if (!databaseUrl) {
    // Unset: 54329 if it is free, any free port otherwise (the port is not part of the data directory).
    // Set: exactly that port, where 0 means any free port.
    const lines: string[] = [];
    console.log(`Starting the embedded PostgreSQL in ${dataDir}...`);
    const cluster = await startEmbeddedCluster({
      dir: dataDir,
      port: server.embeddedPgPort ?? 54329,
      portIsPreference: server.embeddedPgPort === undefined,
      log: (l) => lines.push(l),
    }).catch((e: unknown) => {
      console.error(lines.slice(-15).join('\n'));
      throw e;
    });
    console.log(`Embedded PostgreSQL listening on 127.0.0.1:${cluster.port}`);
    stopCluster = cluster.stop;
    databaseUrl = await ensureDatabase(cluster.url, 'rewards');
  }
  const runtime = await startRuntime({ databaseUrl, settings, eventStoreConnectionString: server.eventStoreConnectionString, embedded });
  if (embedded) {
    await seedDemo(runtime.deps.pool, (l) => console.log(l), runtime.deps.store, settings.timeZone);
    if (server.demoHistory) await seedDemoHistory(runtime.deps, (l) => console.log(l));
  }
  const http = runtime.app.listen(server.port, () => {
    console.log(`\nRewards programme running at http://localhost:${server.port}  (event store: ${runtime.deps.store.backend})`);
    if (embedded) {
      console.log(`Demo accounts (password ${DEMO.password}): admin ${DEMO.admin.email}, member ${DEMO.member.email}`);
      console.log(`Demo practice API key: ${DEMO.practiceKey}`);
    }
  });
  const shutdown = async () => {
    http.close();
    http.closeAllConnections();
    await runtime.stop();
    await stopCluster?.();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

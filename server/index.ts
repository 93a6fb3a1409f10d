import { resolve } from 'node:path';
import pg from 'pg';
import { settingsFromEnv } from './config';
import { startEmbeddedCluster } from './db/embedded-cluster.mjs';
import { startRuntime } from './runtime';
import { DEMO, seedDemo } from './seed/demo';

/** Composition root: the embedded PostgreSQL by default, or DATABASE_URL; EventStoreDB when configured. */
async function main() {
  const port = Number(process.env.PORT ?? 3000);
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  let databaseUrl = process.env.DATABASE_URL;
  let stopCluster: (() => Promise<void>) | undefined;
  const embedded = !databaseUrl;
  if (!databaseUrl) {
    // Unset: 54329 if it is free, any free port otherwise (the port is not part of the data directory).
    // Set: exactly that port, where 0 means any free port.
    const configuredPort = process.env.EMBEDDED_PG_PORT;
    const lines: string[] = [];
    console.log(`Starting the embedded PostgreSQL in ${dataDir}...`);
    const cluster = await startEmbeddedCluster({
      dir: dataDir,
      port: configuredPort === undefined ? 54329 : Number(configuredPort),
      portIsPreference: configuredPort === undefined,
      log: (l) => lines.push(l),
    }).catch((e: unknown) => {
      console.error(lines.slice(-15).join('\n'));
      throw e;
    });
    console.log(`Embedded PostgreSQL listening on 127.0.0.1:${cluster.port}`);
    stopCluster = cluster.stop;
    databaseUrl = await ensureDatabase(cluster.url, 'rewards');
  }
  const runtime = await startRuntime({
    databaseUrl,
    settings: settingsFromEnv(),
    eventStoreConnectionString: process.env.EVENTSTORE_CONNECTION_STRING || undefined,
    embedded,
  });
  if (embedded) await seedDemo(runtime.deps.pool, (l) => console.log(l), runtime.deps.store);
  const server = runtime.app.listen(port, () => {
    console.log(`\nRewards programme running at http://localhost:${port}  (event store: ${runtime.deps.store.backend})`);
    if (embedded) {
      console.log(`Demo accounts (password ${DEMO.password}): admin ${DEMO.admin.email}, member ${DEMO.member.email}`);
      console.log(`Demo practice API key: ${DEMO.practiceKey}`);
    }
  });
  const shutdown = async () => {
    server.close();
    server.closeAllConnections();
    await runtime.stop();
    await stopCluster?.();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

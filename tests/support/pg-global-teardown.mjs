import { rmSync } from 'node:fs';

export default async function teardown() {
  const cluster = globalThis.__PG_CLUSTER__;
  if (!cluster) return;
  await cluster.stop();
  rmSync(cluster.dir, { recursive: true, force: true });
}

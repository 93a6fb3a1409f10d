import { rmSync } from 'node:fs';

export default async function teardown() {
  const started = globalThis.__PG_CLUSTERS__;
  if (!started) return;
  await Promise.all(started.clusters.map((c) => c.stop()));
  rmSync(started.root, { recursive: true, force: true });
}

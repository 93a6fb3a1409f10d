import * as t from 'io-ts';
import { readModelNames } from '../projections/registry';
import { readCheckpoint } from '../projections/runner';
import { route } from './core/route';
import type { Deps } from './deps';
import { formatPosition } from '../event-schemas/store/position';

const LAG_CAP = 1000;

/** How far each projection trails the log: events not yet applied (capped) and the age of the oldest. */
export async function projectionLag(deps: Pick<Deps, 'pool' | 'store'>) {
  return Promise.all(
    readModelNames.map(async (name) => {
      const cp = await readCheckpoint(deps.pool, name);
      const behind = await deps.store.readAll(cp.position, LAG_CAP);
      return {
        name,
        position: cp.position === 'start' ? null : formatPosition(cp.position),
        eventsApplied: cp.eventsApplied,
        lagEvents: behind.length,
        lagCapped: behind.length === LAG_CAP,
        lagSeconds: behind.length ? Math.max(0, (Date.now() - behind[0].createdAt.getTime()) / 1000) : 0,
      };
    }),
  );
}

export const healthRoutes = (deps: Deps) => [
  route(
    {
      method: 'get',
      path: '/healthz',
      tag: 'Operations',
      summary: 'Liveness with the event-store backend and the projection lag',
      access: 'public',
      responses: { 200: { description: 'Healthy', schema: t.type({ status: t.string, eventStore: t.string, projections: t.array(t.unknown) }) } },
      handler: async () => ({
        status: 200,
        body: { status: 'ok', eventStore: deps.store.backend, liveConnections: deps.hub.connectionCount, projections: await projectionLag(deps) },
      }),
    },
    '',
  ),
];

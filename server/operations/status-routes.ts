import * as t from 'io-ts';
import type { SystemStatus } from '../../event-schemas/contract/system-status';
import { projectionLag } from '../health';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { queueState } from '../messaging/outbox-queue';
import { queueHealth } from '../messaging/queue-health';

const Sample = t.type({
  at: t.string,
  totalEvents: t.union([t.number, t.null]),
  appendsPerSecond: t.union([t.number, t.null]),
  lagEvents: t.record(t.string, t.number),
});

export const statusRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/admin/status',
    tag: 'Operations',
    summary: 'Event-store metrics and projection lag now, with the recent history for charts, and the outbox queue (pending, oldest age, parked, behind)',
    access: 'admin',
    responses: {
      200: {
        description: 'Status',
        schema: t.type({
          eventStore: t.string,
          liveConnections: t.number,
          projections: t.array(t.unknown),
          history: t.array(Sample),
          outbox: t.type({ pending: t.number, oldestAgeSeconds: t.number, parked: t.number, behind: t.boolean }),
        }),
      },
    },
    handler: async () => ({
      status: 200,
      body: {
        eventStore: deps.store.backend,
        totalEvents: (await deps.store.countAll?.()) ?? null,
        liveConnections: deps.hub.connectionCount,
        projections: await projectionLag(deps),
        history: deps.status.history(),
        outbox: queueHealth(await queueState(deps.pool, deps.now())),
      } satisfies SystemStatus,
    }),
  }),
];

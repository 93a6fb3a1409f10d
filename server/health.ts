import * as t from 'io-ts';
import { readModelNames } from '../projections/registry';
import { readCheckpoint } from '../projections/runner';
import { route } from './core/route';
import type { Deps } from './deps';
import { comparePositions, formatPosition } from '../event-schemas/store/position';
import { Problem } from './core/problem';
import { queueState } from './messaging/outbox-queue';
import { queueHealth } from './messaging/queue-health';

const LAG_CAP = 1000;
/** A read model further behind than this is not ready: its readers would see a stale programme. */
export const READY_LAG_SECONDS = 30;

/** How far each projection trails the log: events not yet applied (capped) and the age of the oldest. Reads up to 1,000 events each: for the status sampler, not for probes. */
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

/**
 * The probe's view of each read model, cheap: its checkpoint and the log's head (caught up or not), the age of the
 * oldest event it has not applied (one event read, only when behind), and the event count behind from the status
 * sampler's last sample (it reads the log every few seconds anyway), so a probe every second costs a few rows.
 */
export async function cheapProjectionLag(deps: Pick<Deps, 'pool' | 'store' | 'status'>) {
  const head = await deps.store.headPosition();
  const sampled = deps.status.history().at(-1);
  return Promise.all(
    readModelNames.map(async (name) => {
      const cp = await readCheckpoint(deps.pool, name);
      const caughtUp = !head || (cp.position !== 'start' && comparePositions(cp.position, head) >= 0);
      const oldest = caughtUp ? [] : await deps.store.readAll(cp.position, 1);
      return {
        name,
        position: cp.position === 'start' ? null : formatPosition(cp.position),
        eventsApplied: cp.eventsApplied,
        caughtUp,
        lagEvents: caughtUp ? 0 : Math.max(1, sampled?.lagEvents[name] ?? 1),
        lagSeconds: oldest.length ? Math.max(0, (Date.now() - oldest[0].createdAt.getTime()) / 1000) : 0,
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
      summary: 'Liveness, cheap: the event-store backend, open live streams and each read model’s lag',
      access: 'public',
      responses: { 200: { description: 'Healthy', schema: t.type({ status: t.string, eventStore: t.string, projections: t.array(t.unknown) }) } },
      handler: async () => ({
        status: 200,
        body: { status: 'ok', eventStore: deps.store.backend, liveConnections: deps.hub.connectionCount, projections: await cheapProjectionLag(deps) },
      }),
    },
    '',
  ),
  route(
    {
      method: 'get',
      path: '/readyz',
      tag: 'Operations',
      summary: `Readiness: the database and the event store answer, and every read model is within ${READY_LAG_SECONDS} s of the log (503 with Retry-After otherwise); the outbox's size and age as detail (a queue behind does not take the portal out of service)`,
      access: 'public',
      responses: {
        200: { description: 'Ready', schema: t.type({ status: t.string, outbox: t.unknown }) },
        503: { description: 'Not ready: what is not, in words' },
      },
      handler: async () => {
        const notReady = (detail: string) => new Problem('unavailable', detail, undefined, { 'retry-after': '5' });
        await deps.pool.query('SELECT 1').catch(() => {
          throw notReady('The database does not answer');
        });
        const lag = await cheapProjectionLag(deps).catch(() => {
          throw notReady('The event store does not answer');
        });
        const late = lag.filter((p) => p.lagSeconds > READY_LAG_SECONDS);
        if (late.length)
          throw notReady(
            `Read models behind the log by more than ${READY_LAG_SECONDS} s: ${late.map((p) => `${p.name} (${Math.round(p.lagSeconds)} s)`).join(', ')}`,
          );
        // A relay that is down shows here and on the status page, but members can still use the portal: still ready.
        return { status: 200, body: { status: 'ready', outbox: queueHealth(await queueState(deps.pool, deps.now())) } };
      },
    },
    '',
  ),
];

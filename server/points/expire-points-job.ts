import { correlationId } from '../operations/request-context';
import * as t from 'io-ts';
import { memberStream, type Actor } from '../../event-schemas';
import { IsoDate } from '../../event-schemas/primitives';
import { dateIn } from '../../event-schemas/calendar';
import { handleCommand } from '../core/command-handler';
import { validationProblem } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { formatPosition } from '../../event-schemas/store/position';
import { expireLots } from './expire-lots';

const ACTOR: Actor = { kind: 'system', job: 'points-expiry' };

export interface PointsExpiryResult {
  membersProcessed: number;
  pointsExpired: number;
  /** The last position written, for read-your-writes (absent when nothing expired). */
  position?: string;
}

/**
 * Expires the lots past their date, one member per command and append: each write transaction stays short, so
 * readers of the global log are never held back by a long batch (DESIGN.md). The read model only nominates
 * members; each member's own stream decides what actually expires, so a lagging read model expires nothing wrongly.
 */
export async function runPointsExpiry(deps: Pick<Deps, 'pool' | 'store' | 'now'>, today: string): Promise<PointsExpiryResult> {
  const due = await deps.pool.query<{ pax_id: string }>(
    'SELECT DISTINCT pax_id FROM rm_point_lots WHERE remaining > 0 AND expiration_date < $1 ORDER BY pax_id',
    [today],
  );
  let pointsExpired = 0;
  let position: string | undefined;
  for (const row of due.rows) {
    const paxId = Number(row.pax_id);
    const r = await handleCommand(
      deps.store,
      expireLots,
      memberStream(paxId),
      { paxId, today },
      { actor: ACTOR, correlationId: correlationId(), now: deps.now() },
    );
    for (const e of r.appended) if (e.type === 'PointsExpired') pointsExpired += e.data.amount;
    if (r.position) position = formatPosition(r.position);
  }
  return { membersProcessed: due.rows.length, pointsExpired, ...(position ? { position } : {}) };
}

/** `asOf` may re-run a missed past day; a future date would expire points members still own, so it is refused. */
export const asOfDate = (asOf: string | undefined, today: string): string => {
  if (asOf === undefined) return today;
  if (asOf > today) throw validationProblem([{ path: 'body.asOf', message: `must not be after today (${today})` }]);
  return asOf;
};

export const pointsExpiryRoutes = (deps: Deps) => [
  route({
    method: 'post',
    path: '/admin/jobs/expire-points',
    tag: 'Admin',
    summary: 'Runs the points expiry now: lots whose expiration date is before asOf (default today) expire',
    access: 'admin',
    body: t.partial({ asOf: IsoDate }),
    responses: {
      200: {
        description: 'What expired',
        schema: t.intersection([t.type({ membersProcessed: t.number, pointsExpired: t.number }), t.partial({ position: t.string })]),
      },
      400: { description: 'asOf invalid or in the future' },
    },
    handler: async ({ body }) => {
      const today = asOfDate(body.asOf, dateIn(deps.settings.timeZone, deps.now()));
      return { status: 200, body: await runPointsExpiry(deps, today) };
    },
  }),
];

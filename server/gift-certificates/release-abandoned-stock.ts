import * as t from 'io-ts';
import { memberStream, type Actor } from '../../event-schemas';
import { formatPosition, type Position } from '../../event-schemas/store/position';
import { handleCommand } from '../core/command-handler';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { correlationId } from '../operations/request-context';
import { abandonGiftOrder } from './purchase-gift-certificates';
import { readStock, settleReservation } from './reserve-stock';

const ACTOR: Actor = { kind: 'system', job: 'release-abandoned-stock' };

/** A checkout answers in seconds: a reservation an hour old whose purchase has not come was left by a crash. */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * Settles every reservation held longer than `olderThanMs`: the server stopped between reserving a limited
 * category's units and deciding the purchase (or did not hear how the purchase went). First the checkout is given up
 * on, on the member's stream at its expected revision (abandonGiftOrder): if the purchase is there the reservation is
 * confirmed (sold); otherwise the abandonment is written, after which no purchase of that checkout can be decided,
 * and only then are its units released. Either way the count stays exact. Runs nightly; any category, limited now
 * or not, whose stream holds reservations is swept.
 */
export async function releaseAbandonedStock(
  deps: Pick<Deps, 'store' | 'pool' | 'now'>,
  olderThanMs = ABANDONED_AFTER_MS,
  /** Only these categories' streams (by default every category's). */
  only?: readonly string[],
): Promise<{ released: number; confirmed: number; position?: string }> {
  const now = deps.now();
  const ctx = { actor: ACTOR, correlationId: correlationId(), now };
  const codes = await deps.pool.query<{ code: string }>('SELECT code FROM certificate_categories ORDER BY code');
  let released = 0;
  let confirmed = 0;
  let last: Position | undefined;
  for (const { code } of codes.rows.filter((r) => !only || only.includes(r.code))) {
    const stock = await readStock(deps.store, code);
    for (const [orderId, held] of stock.held) {
      if (Date.parse(held.reservedAt) > now.getTime() - olderThanMs) continue;
      const decided = await handleCommand(
        deps.store,
        abandonGiftOrder,
        memberStream(held.paxId),
        { paxId: held.paxId, orderId, clientOrderId: held.clientOrderId },
        ctx,
      );
      const bought = decided.state.orders.has(held.clientOrderId);
      last = (await settleReservation(deps.store, bought ? 'confirm' : 'release', code, orderId, ctx)) ?? decided.position ?? last;
      if (bought) confirmed += 1;
      else released += 1;
    }
  }
  return { released, confirmed, ...(last ? { position: formatPosition(last) } : {}) };
}

export const abandonedStockRoutes = (deps: Deps) => [
  route({
    method: 'post',
    path: '/admin/jobs/release-abandoned-stock',
    tag: 'Admin',
    summary: 'Runs the nightly sweep of gift-shop stock now: reservations over an hour old are released (checkout given up) or confirmed (bought)',
    access: 'admin',
    responses: {
      200: {
        description: 'How many reservations were released and confirmed; position: the log position after its last append (absent when it wrote nothing)',
        schema: t.intersection([t.type({ released: t.number, confirmed: t.number }), t.partial({ position: t.string })]),
      },
      400: { description: 'Never for this call: it takes no body' },
    },
    handler: async () => ({ status: 200, body: await releaseAbandonedStock(deps) }),
  }),
];

import type pg from 'pg';
import { stockStream } from '../../event-schemas';
import type { EventStore } from '../../event-schemas/store/event-store';
import { handleCommand, loadStream, type CommandContext } from '../core/command-handler';
import { categoryStock, stockLeft, type StockLine } from './category-stock';

/** One limited category of an order, with the order's lines of it. */
export interface LimitedCategory {
  certificateCategoryCode: string;
  certificateCategoryName: string;
  totalUseable: number;
  lines: StockLine[];
}

/** Bought certificates of the category already in the wallets: counted once, when its stock stream opens. */
async function boughtSoFar(db: pg.Pool, code: string): Promise<number> {
  const r = await db.query<{ n: string }>(
    "SELECT count(*) AS n FROM rm_certificates WHERE category_type = 'PURCHASABLE' AND lower(category_code) = lower($1)",
    [code],
  );
  return Number(r.rows[0].n);
}

/** How many of each limited category may still be sold, by code (for the gift shop's "3 left"). */
export async function stockLeftOf(store: EventStore, db: pg.Pool, limited: { certificateCategoryCode: string; totalUseable: number }[]) {
  const left = new Map<string, number>();
  for (const c of limited) {
    const { state } = await loadStream(store, categoryStock, stockStream(c.certificateCategoryCode));
    left.set(c.certificateCategoryCode, stockLeft(state.opened ? state : { sold: await boughtSoFar(db, c.certificateCategoryCode) }, c.totalUseable));
  }
  return left;
}

/**
 * Reserves an order's units of every limited category, one category after another (in code order), each at its
 * stream's expected revision. A category without enough left refuses the order (409 naming the line) and the
 * reservations already made for it are released, so nothing of a refused order stays held. Answers how to release
 * them all, for the caller to use when the purchase itself is refused.
 */
export async function reserveStock(
  store: EventStore,
  db: pg.Pool,
  order: { orderId: string; paxId: number },
  limited: LimitedCategory[],
  ctx: CommandContext,
): Promise<() => Promise<void>> {
  const release = async (codes: string[]) => {
    for (const code of codes)
      await handleCommand(store, categoryStock, stockStream(code), { kind: 'release', certificateCategoryCode: code, orderId: order.orderId }, ctx);
  };
  const reserved: string[] = [];
  for (const c of [...limited].sort((a, b) => a.certificateCategoryCode.localeCompare(b.certificateCategoryCode))) {
    const stream = stockStream(c.certificateCategoryCode);
    const opened = (await store.readStream(stream, { maxCount: 1 })).length > 0;
    try {
      await handleCommand(
        store,
        categoryStock,
        stream,
        {
          kind: 'reserve',
          ...c,
          orderId: order.orderId,
          paxId: order.paxId,
          soldBefore: opened ? 0 : await boughtSoFar(db, c.certificateCategoryCode),
        },
        ctx,
      );
    } catch (error) {
      await release(reserved);
      throw error;
    }
    reserved.push(c.certificateCategoryCode);
  }
  return () => release(reserved);
}

import type pg from 'pg';
import { decodeStreamEvent, stockStream, type StockEvent } from '../../event-schemas';
import type { EventStore } from '../../event-schemas/store/event-store';
import { handleCommand, type CommandContext } from '../core/command-handler';
import { stateCacheFor } from '../core/state-cache';
import { categoryStock, stockLeft, type StockLine, type StockState } from './category-stock';

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

/**
 * A category's stock as folded so far: from the process's state cache and the events after it (the cache handleCommand
 * keeps too, so a later reservation reads only what is newer), else the whole stream. A stream that grows by one event
 * per order is read once per process, not once per visit to the shop.
 */
async function readStock(store: EventStore, code: string): Promise<StockState> {
  const stream = stockStream(code);
  const cache = stateCacheFor(store);
  const cached = cache.get<StockState>(categoryStock, stream);
  const tail = await store.readStream(stream, cached ? { fromRevision: cached.revision + 1 } : undefined);
  const state = tail.reduce(
    (st, e) => categoryStock.evolve(st, decodeStreamEvent<StockEvent>(e.streamName, e.type, e.data, e.metadata).event),
    cached?.state ?? categoryStock.initialState,
  );
  if (tail.length) cache.set(categoryStock, stream, { state, revision: tail[tail.length - 1].revision });
  return state;
}

/** How many of each limited category may still be sold, by code (for the gift shop's "3 left"). */
export async function stockLeftOf(store: EventStore, db: pg.Pool, limited: { certificateCategoryCode: string; totalUseable: number }[]) {
  const left = new Map<string, number>();
  for (const c of limited) {
    const state = await readStock(store, c.certificateCategoryCode);
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
    const opened = (await readStock(store, c.certificateCategoryCode)).opened;
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

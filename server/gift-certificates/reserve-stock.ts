import type pg from 'pg';
import { decodeStreamEvent, stockStream, type DomainEvent } from '../../event-schemas';
import type { EventStore } from '../../event-schemas/store/event-store';
import type { Position } from '../../event-schemas/store/position';
import { handleCommand, type CommandContext } from '../core/command-handler';
import type { Decider } from '../core/decider';
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
 * A stream's state as a decider folds it, read without deciding: from the process's state cache and the events
 * after it (the cache handleCommand keeps too, so a command that follows reads only what is newer), else the whole
 * stream. A stock stream, one event or two per order, is then read once per process, not once per visit to the shop.
 */
export async function readFolded<S, E extends DomainEvent>(store: EventStore, decider: Pick<Decider<never, S, E>, 'evolve' | 'initialState'>, stream: string) {
  const cache = stateCacheFor(store);
  const cached = cache.get<S>(decider, stream);
  const tail = await store.readStream(stream, cached ? { fromRevision: cached.revision + 1 } : undefined);
  const state = tail.reduce(
    (st, e) => decider.evolve(st, decodeStreamEvent<E>(e.streamName, e.type, e.data, e.metadata).event),
    cached?.state ?? decider.initialState,
  );
  if (tail.length) cache.set(decider, stream, { state, revision: tail[tail.length - 1].revision });
  return state;
}

export const readStock = (store: EventStore, code: string): Promise<StockState> => readFolded(store, categoryStock, stockStream(code));

/** How many of each limited category may still be sold, by code (for the gift shop's "3 left"). */
export async function stockLeftOf(store: EventStore, db: pg.Pool, limited: { certificateCategoryCode: string; totalUseable: number }[]) {
  const left = new Map<string, number>();
  for (const c of limited) {
    const state = await readStock(store, c.certificateCategoryCode);
    left.set(c.certificateCategoryCode, stockLeft(state.opened ? state : { sold: await boughtSoFar(db, c.certificateCategoryCode) }, c.totalUseable));
  }
  return left;
}

/** What a reservation's holder does next: give the units back (the purchase was refused) or confirm them (bought). */
export interface Reservation {
  release(): Promise<void>;
  confirm(): Promise<void>;
}

/** Answers the position of its last append (undefined when every category had already settled the order). */
const settle = async (store: EventStore, kind: 'release' | 'confirm', codes: readonly string[], orderId: string, ctx: CommandContext) => {
  let position: Position | undefined;
  for (const code of codes) {
    const r = await handleCommand(store, categoryStock, stockStream(code), { kind, certificateCategoryCode: code, orderId }, ctx);
    position = r.position ?? position;
  }
  return position;
};

/**
 * Reserves an order's units of every limited category, one category after another (in code order), each at its
 * stream's expected revision. A category without enough left refuses the order (409 naming the line) and the
 * reservations already made for it are released, so nothing of a refused order stays held.
 */
export async function reserveStock(
  store: EventStore,
  db: pg.Pool,
  order: { orderId: string; paxId: number; clientOrderId: string },
  limited: LimitedCategory[],
  ctx: CommandContext,
): Promise<Reservation> {
  const reserved: string[] = [];
  for (const c of [...limited].sort((a, b) => a.certificateCategoryCode.localeCompare(b.certificateCategoryCode))) {
    const opened = (await readStock(store, c.certificateCategoryCode)).opened;
    try {
      await handleCommand(
        store,
        categoryStock,
        stockStream(c.certificateCategoryCode),
        {
          kind: 'reserve',
          ...c,
          orderId: order.orderId,
          paxId: order.paxId,
          clientOrderId: order.clientOrderId,
          reservedAt: ctx.now.toISOString(),
          soldBefore: opened ? 0 : await boughtSoFar(db, c.certificateCategoryCode),
        },
        ctx,
      );
    } catch (error) {
      await settle(store, 'release', reserved, order.orderId, ctx);
      throw error;
    }
    reserved.push(c.certificateCategoryCode);
  }
  return {
    release: async () => void (await settle(store, 'release', reserved, order.orderId, ctx)),
    confirm: async () => void (await settle(store, 'confirm', reserved, order.orderId, ctx)),
  };
}

/** Confirms or releases one held reservation (the sweep of abandoned checkouts). */
export const settleReservation = (store: EventStore, kind: 'release' | 'confirm', code: string, orderId: string, ctx: CommandContext) =>
  settle(store, kind, [code], orderId, ctx);

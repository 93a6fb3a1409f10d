import { left, right } from 'fp-ts/Either';
import { CertificateStockOpened, CertificateStockReleased, CertificateStockReserved, type StockEvent } from '../../event-schemas';
import { domainError, type Decider } from '../core/decider';

/**
 * A category's programme-wide stock (spec `totalUseable`): the units sold through the gift shop, counted on the
 * category's `stock-{code}` stream. Every order of a limited category reserves its units here, appended at the
 * stream's expected revision (handleCommand decides again on a conflict), before it spends any points: two orders
 * racing for the last units are decided one after the other, so together they never pass the limit.
 */
export interface StockState {
  opened: boolean;
  /** Bought before the stream began counting, plus every reservation still held. */
  sold: number;
  /** Held reservations by order id: a retried checkout finds its own and reserves nothing more. */
  held: ReadonlyMap<string, number>;
}

/** One order's lines of the category, by their index in the order (the line that passes the limit is named). */
export interface StockLine {
  index: number;
  quantity: number;
}

export type StockCommand =
  | {
      kind: 'reserve';
      certificateCategoryCode: string;
      /** For the refusal's words: "only 3 Spa Day certificates left". */
      certificateCategoryName: string;
      orderId: string;
      paxId: number;
      totalUseable: number;
      lines: StockLine[];
      /** Read from the wallets by the caller; kept only when this reservation opens the stream. */
      soldBefore: number;
    }
  | { kind: 'release'; certificateCategoryCode: string; orderId: string };

export const initialStock: StockState = { opened: false, sold: 0, held: new Map() };

const evolve = (state: StockState, event: StockEvent): StockState => {
  switch (event.type) {
    case 'CertificateStockOpened':
      return { ...state, opened: true, sold: state.sold + event.data.soldBefore };
    case 'CertificateStockReserved':
      return { ...state, sold: state.sold + event.data.quantity, held: new Map([...state.held, [event.data.orderId, event.data.quantity]]) };
    case 'CertificateStockReleased': {
      const held = new Map(state.held);
      held.delete(event.data.orderId);
      return { ...state, sold: state.sold - event.data.quantity, held };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
};

/** How many of a category may still be sold: never below 0 (an admin may lower the limit under what is sold). */
export const stockLeft = (state: Pick<StockState, 'sold'>, totalUseable: number) => Math.max(0, totalUseable - state.sold);

const certificates = (n: number) => `certificate${n === 1 ? '' : 's'}`;

/** The refusal's words: "is sold out" or "only 3 Spa Day certificates left". */
export const stockMessage = (left: number, name: string) =>
  left === 0 ? `${name} is sold out: no certificates are left` : `only ${left} ${name} ${certificates(left)} left`;

export const categoryStock: Decider<StockCommand, StockState, StockEvent> = {
  initialState: initialStock,
  evolve,
  decide: (c, state) => {
    if (c.kind === 'release') {
      const quantity = state.held.get(c.orderId);
      return right(
        quantity === undefined ? [] : [CertificateStockReleased.of({ certificateCategoryCode: c.certificateCategoryCode, orderId: c.orderId, quantity })],
      );
    }
    if (state.held.has(c.orderId)) return right([]);
    // Before the stream opens, what the wallets already hold counts as sold.
    const left_ = stockLeft(state.opened ? state : { sold: c.soldBefore }, c.totalUseable);
    let sofar = 0;
    for (const line of c.lines) {
      sofar += line.quantity;
      if (sofar > left_) return left(domainError('conflict', stockMessage(left_, c.certificateCategoryName), `body.items.${line.index}.quantity`));
    }
    const opened = state.opened ? [] : [CertificateStockOpened.of({ certificateCategoryCode: c.certificateCategoryCode, soldBefore: c.soldBefore })];
    return right([
      ...opened,
      CertificateStockReserved.of({
        certificateCategoryCode: c.certificateCategoryCode,
        orderId: c.orderId,
        paxId: c.paxId,
        quantity: sofar,
        totalUseable: c.totalUseable,
      }),
    ]);
  },
};

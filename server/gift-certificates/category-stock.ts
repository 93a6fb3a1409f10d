import { left, right } from 'fp-ts/Either';
import { CertificateStockConfirmed, CertificateStockOpened, CertificateStockReleased, CertificateStockReserved, type StockEvent } from '../../event-schemas';
import { domainError, type Decider } from '../core/decider';

/**
 * A category's programme-wide stock (spec `totalUseable`): the units sold through the gift shop, counted on the
 * category's `stock-{code}` stream. Every order of a limited category reserves its units here, appended at the
 * stream's expected revision (handleCommand decides again on a conflict), before it spends any points: two orders
 * racing for the last units are decided one after the other, so together they never pass the limit.
 */
export interface StockState {
  opened: boolean;
  /** Bought before the stream began counting, plus every reservation held or confirmed (released ones are back on sale). */
  sold: number;
  /**
   * Reservations waiting for their purchase, by order id: a retried checkout finds its own and reserves nothing more.
   * Once bought, a reservation is confirmed (sold for good) and leaves this map, so it stays as small as the orders
   * in flight.
   */
  held: ReadonlyMap<string, HeldReservation>;
}

/** A reservation still held: how many units, for which member's checkout, since when. */
export interface HeldReservation {
  quantity: number;
  paxId: number;
  clientOrderId: string;
  reservedAt: string;
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
      clientOrderId: string;
      /** The command's clock (a decider reads none): kept so a reservation whose purchase never came can be found. */
      reservedAt: string;
      totalUseable: number;
      lines: StockLine[];
      /** Read from the wallets by the caller; kept only when this reservation opens the stream. */
      soldBefore: number;
    }
  | { kind: 'release'; certificateCategoryCode: string; orderId: string }
  | { kind: 'confirm'; certificateCategoryCode: string; orderId: string };

export const initialStock: StockState = { opened: false, sold: 0, held: new Map() };

const evolve = (state: StockState, event: StockEvent): StockState => {
  switch (event.type) {
    case 'CertificateStockOpened':
      return { ...state, opened: true, sold: state.sold + event.data.soldBefore };
    case 'CertificateStockReserved': {
      const { orderId, quantity, paxId, clientOrderId, reservedAt } = event.data;
      return { ...state, sold: state.sold + quantity, held: new Map([...state.held, [orderId, { quantity, paxId, clientOrderId, reservedAt }]]) };
    }
    case 'CertificateStockReleased': {
      const held = new Map(state.held);
      held.delete(event.data.orderId);
      return { ...state, sold: state.sold - event.data.quantity, held };
    }
    case 'CertificateStockConfirmed': {
      const held = new Map(state.held);
      held.delete(event.data.orderId);
      return { ...state, held };
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
      const held = state.held.get(c.orderId);
      return right(
        held === undefined
          ? []
          : [CertificateStockReleased.of({ certificateCategoryCode: c.certificateCategoryCode, orderId: c.orderId, quantity: held.quantity })],
      );
    }
    if (c.kind === 'confirm')
      return right(state.held.has(c.orderId) ? [CertificateStockConfirmed.of({ certificateCategoryCode: c.certificateCategoryCode, orderId: c.orderId })] : []);
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
        clientOrderId: c.clientOrderId,
        quantity: sofar,
        totalUseable: c.totalUseable,
        reservedAt: c.reservedAt,
      }),
    ]);
  },
};

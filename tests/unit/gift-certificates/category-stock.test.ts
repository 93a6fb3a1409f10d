import { isLeft, isRight } from 'fp-ts/Either';
import { CertificateStockConfirmed, CertificateStockOpened, CertificateStockReleased, CertificateStockReserved, type StockEvent } from '../../../event-schemas';
import { fold } from '../../../server/core/decider';
import { categoryStock, stockLeft, type StockCommand } from '../../../server/gift-certificates/category-stock';

const ORDER_A = '00000000-0000-4000-8000-00000000000a';
const ORDER_B = '00000000-0000-4000-8000-00000000000b';
const CODE = 'SPA_DAY';
const AT = '2026-11-25T02:00:00.000Z';

type Reserve = Extract<StockCommand, { kind: 'reserve' }>;
const reserve = (over: Partial<Reserve> = {}): Reserve => ({
  kind: 'reserve',
  certificateCategoryCode: CODE,
  certificateCategoryName: 'Spa Day',
  orderId: ORDER_A,
  paxId: 7,
  clientOrderId: 'checkout-a',
  reservedAt: AT,
  totalUseable: 10,
  lines: [{ index: 0, quantity: 2 }],
  soldBefore: 0,
  ...over,
});
const opened = (soldBefore = 0) => CertificateStockOpened.of({ certificateCategoryCode: CODE, soldBefore });
const reserved = (orderId: string, quantity: number) =>
  CertificateStockReserved.of({
    certificateCategoryCode: CODE,
    orderId,
    paxId: 7,
    clientOrderId: orderId === ORDER_A ? 'checkout-a' : 'checkout-b',
    quantity,
    totalUseable: 10,
    reservedAt: AT,
  });
const released = (orderId: string, quantity: number) => CertificateStockReleased.of({ certificateCategoryCode: CODE, orderId, quantity });
const given = (...events: StockEvent[]) => fold(categoryStock.evolve, categoryStock.initialState, events);
const decide = (c: StockCommand, ...events: StockEvent[]) => categoryStock.decide(c, given(...events));
const events = (r: ReturnType<typeof decide>) => (isRight(r) ? r.right : undefined);
const refusal = (r: ReturnType<typeof decide>) => (isLeft(r) ? r.left : undefined);

describe("a category's stock (totalUseable)", () => {
  it('opens the stream with what the wallets already hold on the first reservation, and counts it as sold', () => {
    expect(events(decide(reserve({ soldBefore: 7 })))).toEqual([opened(7), reserved(ORDER_A, 2)]);
    expect(refusal(decide(reserve({ soldBefore: 9 })))).toEqual({
      slug: 'conflict',
      message: 'only 1 Spa Day certificate left',
      field: 'body.items.0.quantity',
    });
  });

  it('ignores soldBefore once the stream is open', () => {
    expect(events(decide(reserve({ soldBefore: 10 }), opened(3)))).toEqual([reserved(ORDER_A, 2)]);
  });

  it('reserves exactly up to the limit and refuses one more, naming the line that passes it', () => {
    const history = [opened(0), reserved(ORDER_B, 7)];
    expect(events(decide(reserve({ lines: [{ index: 0, quantity: 3 }] }), ...history))).toEqual([reserved(ORDER_A, 3)]);
    const over = decide(
      reserve({
        lines: [
          { index: 0, quantity: 1 },
          { index: 2, quantity: 1 },
          { index: 3, quantity: 2 },
        ],
      }),
      ...history,
    );
    expect(refusal(over)).toEqual({ slug: 'conflict', message: 'only 3 Spa Day certificates left', field: 'body.items.3.quantity' });
  });

  it('says sold out when nothing is left, also when the limit was lowered under what is sold', () => {
    expect(refusal(decide(reserve({ totalUseable: 5, lines: [{ index: 1, quantity: 1 }] }), opened(0), reserved(ORDER_B, 7)))).toEqual({
      slug: 'conflict',
      message: 'Spa Day is sold out: no certificates are left',
      field: 'body.items.1.quantity',
    });
    expect(stockLeft(given(opened(0), reserved(ORDER_B, 7)), 5)).toBe(0);
  });

  it('reserves nothing more for an order that already holds its units (a retried checkout)', () => {
    expect(events(decide(reserve({ totalUseable: 2 }), opened(0), reserved(ORDER_A, 2)))).toEqual([]);
  });

  it('puts a released order’s units back on sale, once', () => {
    const release: StockCommand = { kind: 'release', certificateCategoryCode: CODE, orderId: ORDER_A };
    expect(events(decide(release, opened(0), reserved(ORDER_A, 2)))).toEqual([released(ORDER_A, 2)]);
    expect(events(decide(release, opened(0), reserved(ORDER_A, 2), released(ORDER_A, 2)))).toEqual([]);
    expect(events(decide(release, opened(0)))).toEqual([]);
    const state = given(opened(1), reserved(ORDER_A, 2), reserved(ORDER_B, 3), released(ORDER_A, 2));
    expect(state.sold).toBe(4);
    expect(stockLeft(state, 10)).toBe(6);
    // Released, the same order may reserve again (its member found the points and retried).
    expect(events(categoryStock.decide(reserve(), state))).toEqual([reserved(ORDER_A, 2)]);
  });

  it('confirms a bought order’s units: still sold, no longer held, and never released after', () => {
    const confirm: StockCommand = { kind: 'confirm', certificateCategoryCode: CODE, orderId: ORDER_A };
    const confirmed = CertificateStockConfirmed.of({ certificateCategoryCode: CODE, orderId: ORDER_A });
    expect(events(decide(confirm, opened(0), reserved(ORDER_A, 2)))).toEqual([confirmed]);
    expect(events(decide(confirm, opened(0), reserved(ORDER_A, 2), confirmed))).toEqual([]);
    expect(events(decide(confirm, opened(0), reserved(ORDER_A, 2), released(ORDER_A, 2)))).toEqual([]);
    const state = given(opened(0), reserved(ORDER_A, 2), confirmed);
    expect(state.sold).toBe(2);
    expect([...state.held.keys()]).toEqual([]);
    expect(events(categoryStock.decide({ kind: 'release', certificateCategoryCode: CODE, orderId: ORDER_A }, state))).toEqual([]);
  });

  it('keeps who holds a reservation and since when, for the sweep of abandoned checkouts', () => {
    expect(given(opened(0), reserved(ORDER_A, 2)).held.get(ORDER_A)).toEqual({ quantity: 2, paxId: 7, clientOrderId: 'checkout-a', reservedAt: AT });
  });
});

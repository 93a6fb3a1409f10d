import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { Instant, NonNegativeInteger, PaxId, PositiveInteger, Uuid } from './primitives';

/**
 * A category's programme-wide stock (spec `totalUseable`) is counted on `stock-{categoryCode}`, the one stream every
 * order of a limited category passes through: an order reserves its units there at the stream's expected revision
 * before it spends points, so two orders cannot both take the last units (server/gift-certificates/category-stock.ts).
 */

/** The stream's first event: how many of the category were bought before it was counted here (from the wallets). */
export const CertificateStockOpened = defineEvent('CertificateStockOpened', 1, t.type({ certificateCategoryCode: t.string, soldBefore: NonNegativeInteger }));

/**
 * An order holds `quantity` of the category's stock; `totalUseable` is the limit it was decided against. The member
 * and `clientOrderId` name the purchase it waits for, `reservedAt` lets a reservation whose purchase never came be
 * found and released.
 */
export const CertificateStockReserved = defineEvent(
  'CertificateStockReserved',
  1,
  t.type({
    certificateCategoryCode: t.string,
    orderId: Uuid,
    paxId: PaxId,
    clientOrderId: t.string,
    quantity: PositiveInteger,
    totalUseable: PositiveInteger,
    reservedAt: Instant,
  }),
);

/** The order was refused after it reserved (not enough points, say): its units are back on sale. */
export const CertificateStockReleased = defineEvent(
  'CertificateStockReleased',
  1,
  t.type({ certificateCategoryCode: t.string, orderId: Uuid, quantity: PositiveInteger }),
);

/** The order that reserved was bought: its units are sold for good and no longer wait for their purchase. */
export const CertificateStockConfirmed = defineEvent('CertificateStockConfirmed', 1, t.type({ certificateCategoryCode: t.string, orderId: Uuid }));

import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { IsoDate, NonNegativeInteger, PaxId, PositiveInteger, Uuid } from './primitives';
import { ConsumedLot, Dollars } from './points-redeemed';
import { CardArtId } from './certificate-issued';

const OptionalText = t.union([t.string, t.null]);

/**
 * One certificate an order bought, already expanded from the cart's quantity: the id and code are fixed by the
 * decision, so whoever writes the certificate stream afterwards (route or reconciler) writes the same event.
 */
export const PurchasedCertificate = t.intersection([
  t.type({
    certificateId: Uuid,
    code: t.string,
    certificateCategoryCode: t.string,
    name: t.string,
    amount: Dollars,
    purchasePrice: NonNegativeInteger,
    isGift: t.boolean,
    recipientName: OptionalText,
    senderName: OptionalText,
    giftMessage: OptionalText,
    recipientEmail: OptionalText,
  }),
  // The chosen gift card design (an `eGiftCardArt` entry id). Optional and still version 1: adding a field a reader
  // may find missing needs no upcaster (define-event.ts upcasts only what must be derived), and orders stored before
  // it existed decode unchanged; readers take a missing id as null, the category's own art.
  t.partial({ cardArtId: CardArtId }),
]);
export type PurchasedCertificate = t.TypeOf<typeof PurchasedCertificate>;

/**
 * A member spent points on a gift-certificate order. Appended at the member stream's expected revision, it is the
 * decision that spends the points; `clientOrderId` makes a retried checkout find this order instead of paying twice.
 */
export const GiftCertificatesPurchased = defineEvent(
  'GiftCertificatesPurchased',
  1,
  t.type({
    paxId: PaxId,
    orderId: Uuid,
    clientOrderId: t.string,
    pointsSpent: PositiveInteger,
    consumed: t.array(ConsumedLot),
    certificates: t.array(PurchasedCertificate),
    expirationDate: IsoDate,
  }),
);

/**
 * A checkout that reserved stock of a limited category and never bought it (the server stopped between the two)
 * is abandoned: no later purchase with this `clientOrderId` is decided, so its reserved units can go back on sale
 * (server/gift-certificates/release-abandoned-stock.ts).
 */
export const GiftOrderAbandoned = defineEvent('GiftOrderAbandoned', 1, t.type({ paxId: PaxId, orderId: Uuid, clientOrderId: t.string }));

/** The fact on `order-{orderId}` that an order's certificates were all issued. */
export const OrderPlaced = defineEvent('OrderPlaced', 1, t.type({ orderId: Uuid, paxId: PaxId, certificateIds: t.array(Uuid), pointsSpent: PositiveInteger }));

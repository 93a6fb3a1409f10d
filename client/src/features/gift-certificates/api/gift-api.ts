import type { GiftOrderBody } from '../../../../../event-schemas/contract/gift-certificates';
import { api } from '../../../lib/api';
import type { GiftCategory, GiftCertificate, PlacedOrder } from './gift-types';

export const listGiftCategories = () => api.get<GiftCategory[]>('/api/rest/certificate-categories/list');

/** One checkout; the same clientOrderId on a retry answers the same order without charging again. */
export const placeGiftOrder = (paxId: number, cart: readonly GiftCertificate[], clientOrderId: string) =>
  api.post<PlacedOrder>(
    `/api/rest/participants/${paxId}/gift-certificates/orders`,
    {
      clientOrderId,
      items: cart.map((c) => ({
        certificateCategoryCode: c.certificateCategoryCode,
        amount: c.amount,
        quantity: c.quantity,
        isGift: c.isGift,
        selectedCardArt: c.selectedCardArt,
        ...(c.isGift
          ? { recipientName: c.recipientName, senderName: c.senderName || undefined, giftMessage: c.giftMessage || undefined, recipientEmail: c.recipientEmail }
          : {}),
      })),
    } satisfies GiftOrderBody,
    { quiet: true },
  );

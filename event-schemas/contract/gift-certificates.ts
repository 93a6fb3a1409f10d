// The gift shop's wire shapes (member spec section 3: GET /certificate-categories/list, POST
// /participants/{paxId}/gift-certificates/orders), declared once: the gift routes build them and the gift shop reads
// and sends them.

export interface GiftVariant {
  amount: number;
  purchasePrice: number;
}

/** A purchasable category as GET /certificate-categories/list answers it (the parts the gift shop reads). */
export interface GiftCategory {
  certificateCategoryCode: string;
  certificateCategoryName: string;
  certificateCategoryDesc: string;
  termsAndConditions: string;
  cardArtId: string | null;
  variants: GiftVariant[];
  /** False: it may only be bought for oneself (the category is not transferable). */
  transferable?: boolean;
  /** A promotion's category is labelled with the promotion's name. */
  promoName?: string | null;
  /** How many more the gift shop may sell (the category's totalUseable less what is sold); null or absent: no limit. */
  left?: number | null;
  /** The last day it is on sale; null: no end. */
  endDate?: string | null;
}

/** One line of a gift order; the gift fields count only when isGift is true. */
export interface GiftOrderLine {
  certificateCategoryCode: string;
  amount: number | null;
  quantity: number;
  isGift: boolean;
  selectedCardArt: string | null;
  recipientName?: string;
  senderName?: string;
  giftMessage?: string;
  recipientEmail?: string;
}

/** The body of POST /participants/{paxId}/gift-certificates/orders; a retry with the same clientOrderId charges once. */
export interface GiftOrderBody {
  clientOrderId: string;
  items: GiftOrderLine[];
}

export interface PlacedCertificate {
  id: string;
  code: string;
  name: string;
  amount: number;
  purchasePrice: number;
  status: 'ACTIVE';
  isGift: boolean;
  expirationDate: string;
  /** The design it was bought with; null: its category's art. */
  cardArtId: string | null;
}

/** Its answer: the certificates bought, the points spent and the balance left. */
export interface PlacedOrder {
  orderId: string;
  certificates: PlacedCertificate[];
  pointsSpent: number;
  balance: number;
  position: string;
}

/** A purchasable category as GET /certificate-categories/list answers it. */
export interface GiftVariant {
  amount: number;
  purchasePrice: number;
}

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

/** The gift certificate being composed (member spec section 3), and a cart line once added. */
export interface GiftCertificate {
  feID: string;
  certificateCategoryCode: string;
  /** The spec's certificateCategoryId; categories are keyed by code here, so it is the code again. */
  certificateCategoryId: string;
  amount: number | null;
  selectedCardArt: string | null;
  quantity: number;
  isGift: boolean;
  recipientName: string;
  senderName: string;
  giftMessage: string;
  recipientEmail: string;
}

export interface PlacedCertificate {
  id: string;
  code: string;
  name: string;
  amount: number;
  purchasePrice: number;
  isGift: boolean;
  expirationDate: string;
  /** The design it was bought with; null: its category's art. */
  cardArtId: string | null;
}

export interface PlacedOrder {
  orderId: string;
  certificates: PlacedCertificate[];
  pointsSpent: number;
  balance: number;
  position: string;
}

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

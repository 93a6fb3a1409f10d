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

/**
 * Whether the member has worked on the draft since `start` (what the buy page opened with, a category the landing
 * chose included): any field but its id changed, and not since emptied by adding it to the cart. This is what leaving
 * would lose: the cart itself is saved in storage, the draft only in memory (issue 54, item 11).
 */
export function draftWorkedOn(start: GiftCertificate, now: GiftCertificate): boolean {
  const fields = (d: GiftCertificate) => JSON.stringify({ ...d, feID: undefined });
  return fields(now) !== fields(start) && now.feID === start.feID;
}

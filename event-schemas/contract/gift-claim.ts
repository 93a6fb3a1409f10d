// A gift certificate's claim (GET and POST /gift-certificates/claim) and the e-mail that carries its code, declared
// once: the server's e-mail and check answer name the gift and its sender with these, and the claim page reads them.

/** The sender as the gift e-mail names them: the name the buyer gave, or "A friend" when they gave none. */
export const giftSenderName = (senderName: string | null | undefined): string => senderName?.trim() || 'A friend';

/** The certificate with its amount said once: "$50 Aspire Gift Certificate" stays as it is; "Spa Day" is "$50 Spa Day". */
export const giftTitle = (amount: number, name: string): string => {
  const dollars = Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
  return /\$\d/.test(name) ? name.trim() : `${dollars} ${name.trim()}`;
};

/**
 * What a code is, checked before the member is offered CLAIM THIS GIFT (issue 54, item 14): a gift they may claim, one
 * already claimed (by them or by someone else), one they sent themselves, or one no longer ACTIVE. An unknown code is
 * a 404 on `query.code`. Who sent it and what it is are said only to whom it may concern: never of a gift someone else
 * claimed.
 */
export type GiftCodeStanding = 'CLAIMABLE' | 'CLAIMED_BY_YOU' | 'ALREADY_CLAIMED' | 'SENT_BY_YOU' | 'NOT_ACTIVE';

export interface GiftCodeCheck {
  code: string;
  standing: GiftCodeStanding;
  /** The gift as its e-mail names it (giftTitle) and its sender (giftSenderName); absent for ALREADY_CLAIMED. */
  title?: string;
  sender?: string;
}

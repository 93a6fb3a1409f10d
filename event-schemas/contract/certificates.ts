// A member's certificates (GET /participants/{paxId}/certificates, PUT .../certificates/{id}, the live `certificate`
// message, a gift's claim), declared once: the certificates read model and routes build them, and the wallet, the
// certificates store and the gift claim read them.

export interface CertificateGift {
  recipientName: string | null;
  recipientEmail: string;
  senderName: string | null;
  claimed: boolean;
}

/** One certificate as the list answers it and the live `certificate` message carries it. */
export interface CertificateItem {
  id: string;
  status: string;
  displayStatus?: string;
  expirationDate: string;
  certificateCategoryType: string | null;
  summaryDisplay: string;
  amount: number;
  name: string;
  code: string;
  /** What it cost in points. */
  purchasePrice?: number;
  displayCategory?: string;
  /** The design a bought certificate wears (an `eGiftCardArt` entry id); null or absent: its default art. */
  cardArtId?: string | null;
  /** A gift: whom it is for and whether they claimed it (unclaimed, it is still its buyer's, shown as sent). */
  gift?: CertificateGift;
  /** The first day it may be redeemed, where its category shows it (a fresh list answers it; live messages do not). */
  activationDate?: string | null;
  /** The date of service of the treatment that used it (it counts once); null or absent while unused. */
  usedOn?: string | null;
  /** On a live message only: a gift this member sent was claimed, so it is no longer theirs. */
  sentGift?: boolean;
}

/** GET /participants/{paxId}/certificates: one page, sorted as asked. */
export interface CertificatePage {
  items: CertificateItem[];
  page: number;
  size: number;
  totalElements: number;
}

import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { Instant, IsoDate, NonNegativeInteger, PaxId, PositiveInteger, Uuid } from './primitives';
import { Dollars } from './points-redeemed';

export const CertificateStatus = t.keyof({ ACTIVE: null, EXPIRED: null, VOID: null, CHARGEBACK: null, REFUND: null });
export type CertificateStatus = t.TypeOf<typeof CertificateStatus>;

/** PURCHASABLE certificates were bought; rewards (bought with points) have no category type, as in the spec. */
export const CertificateCategoryType = t.union([t.literal('PURCHASABLE'), t.null]);
export type CertificateCategoryType = t.TypeOf<typeof CertificateCategoryType>;

/** The display category of the certificate a new member gets for joining (its issue is also an activity row). */
export const WELCOME_DISPLAY_CATEGORY = 'welcome';

/** A gift card design: the id of an `eGiftCardArt` content entry, or null for the certificate's default art. */
export const CardArtId = t.union([t.string, t.null]);

/** A certificate bought as a gift: whom it is for. It belongs to the buyer until the recipient claims its code. */
export const GiftRecipient = t.type({ recipientName: t.union([t.string, t.null]), recipientEmail: t.string, senderName: t.union([t.string, t.null]) });

/** The first event of a `certificate-{id}` stream. `amount` is its value in dollars, `pointsCost` what it cost. */
export const CertificateIssued = defineEvent(
  'CertificateIssued',
  1,
  t.intersection([
    t.type({
      certificateId: Uuid,
      code: t.string,
      paxId: PaxId,
      amount: Dollars,
      pointsCost: NonNegativeInteger,
      name: t.string,
      certificateCategoryType: CertificateCategoryType,
      displayCategory: t.string,
      status: CertificateStatus,
      issuedAt: Instant,
      expirationDate: IsoDate,
    }),
    // The design a bought certificate wears. Optional and still version 1, as on PurchasedCertificate: certificates
    // issued before it existed (and every reward) decode without it and show their default art.
    // The direct-response campaign an offer was claimed from (server/campaigns/claim-offer.ts), so its e-mails can find
    // it. Optional and still version 1 for the same reason: older offers, rewards and gifts simply have none.
    // A gift's recipient. Optional and still version 1: certificates issued before it existed decode without it (their
    // gifts were never claimable) and every other certificate has none.
    // The certificate category it was issued from, so a treatment redeeming it finds the category's terms. Optional and
    // still version 1: certificates issued before it existed decode without it and are matched by displayCategory.
    t.partial({ cardArtId: CardArtId, campaignId: PositiveInteger, gift: GiftRecipient, certificateCategoryCode: t.string }),
  ]),
);

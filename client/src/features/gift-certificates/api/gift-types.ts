import type { GiftCategory, GiftVariant, PlacedCertificate, PlacedOrder } from '../../../../../event-schemas/contract/gift-certificates';

// The gift shop's wire shapes are the server's (event-schemas/contract/gift-certificates.ts); the certificate being
// composed is the shop's own draft (model/gift-draft.ts).
export type { GiftCategory, GiftVariant, PlacedCertificate, PlacedOrder };
export type { GiftCertificate } from '../model/gift-draft';

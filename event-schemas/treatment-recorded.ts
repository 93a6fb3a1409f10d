import * as t from 'io-ts';
import { defineEvent } from './define-event';
import { IsoDate, NonNegativeInteger, PaxId, PositiveInteger, Uuid } from './primitives';
import { Dollars } from './points-redeemed';

export const ProductCategory = t.keyof({ TREATMENT: null, PARTNER: null });
export type ProductCategory = t.TypeOf<typeof ProductCategory>;

/** The product as it was configured when the treatment was recorded: later price or points changes do not rewrite history. */
export const TreatmentLineItem = t.type({
  productId: PositiveInteger,
  productName: t.string,
  category: ProductCategory,
  brand: t.string,
  msrpPerUnit: Dollars,
  pointsPerUnit: NonNegativeInteger,
  quantity: PositiveInteger,
  isPriviPlan: t.boolean,
  injector: t.type({ firstName: t.string, lastName: t.string }),
});
export type TreatmentLineItem = t.TypeOf<typeof TreatmentLineItem>;

/** A certificate code presented at the treatment, with what was known about it when the treatment was recorded. */
export const RedeemedCertificate = t.type({
  code: t.string,
  name: t.union([t.string, t.null]),
  amount: t.union([Dollars, t.null]),
  certificateCategoryType: t.union([t.literal('PURCHASABLE'), t.null]),
  categoryCode: t.union([t.string, t.null]),
  nullifyAwards: t.boolean,
});
export type RedeemedCertificate = t.TypeOf<typeof RedeemedCertificate>;

/**
 * The first event of a `treatment-{id}` stream: a practice (or an admin) reported a treatment. `expectedPoints` is
 * the estimate shown as pending (this treatment alone, capped); the member stream decides the real award later.
 */
export const TreatmentRecorded = defineEvent(
  'TreatmentRecorded',
  1,
  t.type({
    treatmentId: Uuid,
    externalId: t.string,
    practiceId: t.union([PositiveInteger, t.null]),
    paxId: PaxId,
    dateOfService: IsoDate,
    hcpName: t.string,
    financed: t.boolean,
    status: t.keyof({ PENDING: null, PENDING_APPROVAL: null }),
    lineItems: t.array(TreatmentLineItem),
    redeemedCertificates: t.array(RedeemedCertificate),
    expectedPoints: NonNegativeInteger,
  }),
);

/**
 * The terms of a certificate category as the admin tool and the server both hold them (the spec's "Certificate
 * category" fields beside name, type and variants), with the defaults a new category starts from. Written once so
 * the form's blank category and the server's cannot drift (server/certificate-categories/category-terms.ts decides
 * what each one means).
 */
export interface CategoryTerms {
  startDate: string | null;
  endDate: string | null;
  groupId: number | null;
  transferable: boolean;
  quantityInOneTreatment: number | null;
  daysToRestrictRedemption: number;
  showActivationDate: boolean;
  isPromo: boolean;
  promoType: string | null;
  promoName: string | null;
  displayCategory: string | null;
  totalUseable: number | null;
  associatedCategoryCodeIds: string[];
  certificateType: string | null;
  eligibleUserType: string | null;
  quantityPerTreatmentCertificateType: string | null;
  quantityPerBrandFlag: boolean;
  restylaneQuantityInOneTreatment: number;
  dysportQuantityInOneTreatment: number;
  sculptraQuantityInOneTreatment: number;
}

/** A new category is sold every day to everyone, as a gift too, and may be redeemed at once, any number at a time. */
export const defaultCategoryTerms = (): CategoryTerms => ({
  startDate: null,
  endDate: null,
  groupId: null,
  transferable: true,
  quantityInOneTreatment: null,
  daysToRestrictRedemption: 0,
  showActivationDate: false,
  isPromo: false,
  promoType: null,
  promoName: null,
  displayCategory: null,
  totalUseable: null,
  associatedCategoryCodeIds: [],
  certificateType: null,
  eligibleUserType: null,
  quantityPerTreatmentCertificateType: null,
  quantityPerBrandFlag: false,
  // Spec: the quantities per brand default to 0.
  restylaneQuantityInOneTreatment: 0,
  dysportQuantityInOneTreatment: 0,
  sculptraQuantityInOneTreatment: 0,
});

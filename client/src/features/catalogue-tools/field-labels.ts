import type { CertificateCategory, Product } from './api/catalogue-api';

// The fields of a product and of a certificate category by the words their forms use, for the histories (issue 28:
// histories showed raw field codes). Typed over the records' keys, so a new field does not type-check until it has a
// label here.

export const PRODUCT_FIELD_LABELS: Record<keyof Product, string> = {
  id: 'Id',
  name: 'Name',
  category: 'Category',
  brand: 'Brand',
  msrpPerUnit: 'MSRP per unit',
  pointsPerUnit: 'Points per unit',
  retired: 'Retired',
};

export const CATEGORY_FIELD_LABELS: Record<keyof CertificateCategory, string> = {
  id: 'Id',
  certificateCategoryCode: 'Code',
  certificateCategoryName: 'Name',
  certificateCategoryDesc: 'Description',
  termsAndConditions: 'Terms and conditions',
  certificateCategoryType: 'Type',
  nullifyAwards: 'Nullify awards',
  displayStatusTypeCode: 'Status',
  defaultExpirationLengthDays: 'Valid for (days)',
  cardArtId: 'Card design',
  maxPurchaseQuantity: 'Most per order',
  purchaseAmount: 'Price in points',
  variants: 'Variants',
  startDate: 'On sale from',
  endDate: 'On sale until',
  groupId: 'Offered to group',
  transferable: 'May be bought as a gift',
  quantityInOneTreatment: 'Most redeemed at one treatment',
  daysToRestrictRedemption: 'Days after issue before it may be redeemed',
  showActivationDate: 'Show members the day it may first be redeemed',
  isPromo: "A promotion's certificate",
  promoName: 'Promotion name',
  promoType: 'Promotion type',
  displayCategory: 'Display category',
  totalUseable: 'Most ever sold in the gift shop',
  associatedCategoryCodeIds: 'Associated category codes',
  certificateType: 'Certificate type',
  eligibleUserType: 'Eligible user type',
  quantityPerTreatmentCertificateType: 'Quantity per treatment certificate type',
  quantityPerBrandFlag: 'Quantities per brand',
  restylaneQuantityInOneTreatment: 'Restylane quantity in one treatment',
  dysportQuantityInOneTreatment: 'Dysport quantity in one treatment',
  sculptraQuantityInOneTreatment: 'Sculptra quantity in one treatment',
};

/** A change's action in words: "create" → "Created". */
export const ACTION_WORDS: Record<string, string> = { create: 'Created', update: 'Changed', retire: 'Retired', restore: 'Restored', delete: 'Deleted' };

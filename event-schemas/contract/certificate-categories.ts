import type { CategoryTerms } from './certificate-category-terms';
import type { ComparisonOperator, FieldKind, LogicalExpression } from './participant-groups';

// Certificate categories' wire shapes (GET/POST/PUT /certificate-categories..., /admin/certificate-categories...),
// declared once: the category routes build them and the catalogue tool, the campaign tool and the promotion wizard
// read and send them.

export type CategoryType = 'PURCHASABLE' | null;
export type DisplayStatus = 'ACTIVE' | 'INACTIVE';

export interface CategoryVariant {
  amount: number;
  purchaseAmount: number;
  /** Who may buy or redeem this variant (redemption policy fields); null: every member. */
  redemptionCriteria: LogicalExpression | null;
}

/** The admin spec's certificate-category record, as the admin category routes answer it. */
export interface CertificateCategory extends CategoryTerms {
  /** The spec's numeric id (GET /certificate-categories/{id}). */
  id: number;
  certificateCategoryCode: string;
  certificateCategoryName: string;
  certificateCategoryDesc: string;
  termsAndConditions: string;
  certificateCategoryType: CategoryType;
  nullifyAwards: boolean;
  displayStatusTypeCode: DisplayStatus;
  defaultExpirationLengthDays: number;
  cardArtId: string | null;
  /** The most certificates of this category one order may hold; null: only the cart's limit applies. */
  maxPurchaseQuantity: number | null;
  variants: CategoryVariant[];
  /** The spec's category purchaseAmount: the first variant's, and only for a purchasable category. */
  purchaseAmount: number | null;
}

/**
 * The body of POST and PUT /certificate-categories as the catalogue tool sends it: the record without what the
 * server derives; a variant's fields may still be empty, and the server's 400 names them.
 */
export type CategoryPayload = Omit<CertificateCategory, 'purchaseAmount' | 'variants' | 'id'> & {
  variants: { amount: number | null; purchaseAmount: number | null; redemptionCriteria: LogicalExpression | null }[];
};

/** The short shape members read of a category (GET /certificate-categories/code/{code}, PUT .../flags). */
export type CategoryLookup = Pick<CertificateCategory, 'certificateCategoryCode' | 'certificateCategoryName' | 'nullifyAwards' | 'certificateCategoryType'>;

/** What a chooser needs of a category (the promotion wizard's payout step reads GET /admin/certificate-categories so). */
export type CategoryChoice = Pick<CertificateCategory, 'certificateCategoryCode' | 'certificateCategoryName'> & { variants: Pick<CategoryVariant, 'amount'>[] };

/** One field of GET /certificate-categories/redemption-policy-fields: `type` is its kind. */
export interface PolicyField {
  fieldCode: string;
  name: string;
  type: FieldKind;
  operators: ComparisonOperator[];
}

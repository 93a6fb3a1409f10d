import type { ConfigAuditEntry } from '../../../../../event-schemas/contract/audit-entries';
import { api } from '../../../lib/api';
import type { LogicalExpression, ParticipantField } from '../../../components/group-editor/groups-api';
import type { CategoryTerms } from '../../../../../event-schemas/contract/certificate-category-terms';
import { contentReader } from '../../../lib/content/contentful-client';

const base = '/api/rest';

export type ProductCategory = 'TREATMENT' | 'PARTNER';
export interface Product {
  id: number;
  name: string;
  category: ProductCategory;
  brand: string;
  msrpPerUnit: number;
  pointsPerUnit: number;
  retired: boolean;
}
export type ProductFields = Omit<Product, 'id' | 'retired'>;
export interface Option {
  code: string;
  name: string;
}

export type CategoryType = 'PURCHASABLE' | null;
export type DisplayStatus = 'ACTIVE' | 'INACTIVE';
export interface CategoryVariant {
  amount: number;
  purchaseAmount: number;
  /** Who may buy or redeem it; null: every member. */
  redemptionCriteria: LogicalExpression | null;
}
/** When, to whom and how a category's certificates are sold and used: the shape the server holds too. */
export type { CategoryTerms };
/** The admin spec's certificate-category record (see the server's category-fields and category-terms). */
export interface CertificateCategory extends CategoryTerms {
  id?: number;
  certificateCategoryCode: string;
  certificateCategoryName: string;
  certificateCategoryDesc: string;
  termsAndConditions: string;
  certificateCategoryType: CategoryType;
  nullifyAwards: boolean;
  displayStatusTypeCode: DisplayStatus;
  defaultExpirationLengthDays: number;
  cardArtId: string | null;
  /** The most of this category one order may hold; null: only the cart's limit of 5. */
  maxPurchaseQuantity: number | null;
  purchaseAmount: number | null;
  variants: CategoryVariant[];
}
/** What a save sends: variant fields may still be empty, and the server names them. */
export type CategoryPayload = Omit<CertificateCategory, 'purchaseAmount' | 'variants' | 'id'> & {
  variants: { amount: number | null; purchaseAmount: number | null; redemptionCriteria: LogicalExpression | null }[];
};

/** One change of a product or category, as the server declares it. */
export type AuditEntry = ConfigAuditEntry;

// Saves are quiet: a refusal is shown beside its fields, not logged as a failure.
export const productApi = {
  list: () => api.get<Product[]>(`${base}/products`, { query: { includeRetired: true } }),
  options: () => api.get<{ brands: Option[]; categories: Option[] }>(`${base}/admin/products/options`),
  create: (fields: ProductFields) => api.post<Product>(`${base}/admin/products`, fields, { quiet: true }),
  update: (id: number, fields: ProductFields) => api.put<Product>(`${base}/admin/products/${id}`, fields, { quiet: true }),
  retire: (id: number) => api.post<Product>(`${base}/admin/products/${id}/retire`),
  history: (id: number) => api.get<AuditEntry[]>(`${base}/admin/audit/products/${id}`),
};

export const categoryApi = {
  list: () => api.get<CertificateCategory[]>(`${base}/admin/certificate-categories`),
  get: (code: string) => api.get<CertificateCategory>(`${base}/admin/certificate-categories/${encodeURIComponent(code)}`),
  create: (category: CategoryPayload) => api.post<CertificateCategory>(`${base}/certificate-categories`, category, { quiet: true }),
  update: (category: CategoryPayload) => api.put<CertificateCategory>(`${base}/certificate-categories`, category, { quiet: true }),
  history: (code: string) => api.get<AuditEntry[]>(`${base}/admin/audit/certificate-categories/${encodeURIComponent(code)}`),
  /** What a variant's criteria may test, in the group builder's field shape. */
  policyFields: async (): Promise<ParticipantField[]> =>
    (await api.get<{ fieldCode: string; name: string; type: string; operators: string[] }[]>(`${base}/certificate-categories/redemption-policy-fields`)).map(
      (f) => ({ fieldCode: f.fieldCode, name: f.name, kind: f.type, operators: f.operators }),
    ),
};

/** The gift card designs content offers, by entry id, for a category's default art. */
export async function listCardArt(): Promise<Option[]> {
  const reader = await contentReader();
  const answer = await reader.getEntries<{ title?: string; name?: string }>({ content_type: 'eGiftCardArt', limit: 1000 });
  return answer.items
    .map((item) => ({ code: item.sys.id, name: item.fields.title ?? item.fields.name ?? item.sys.id }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

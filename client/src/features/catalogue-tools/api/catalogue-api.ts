import type { ConfigAuditEntry } from '../../../../../event-schemas/contract/audit-entries';
import { api } from '../../../lib/api';
import type { ParticipantField } from '../../../components/group-editor/groups-api';
import type { CategoryTerms } from '../../../../../event-schemas/contract/certificate-category-terms';
import type {
  CategoryPayload,
  CategoryType,
  CategoryVariant,
  CertificateCategory,
  DisplayStatus,
  PolicyField,
} from '../../../../../event-schemas/contract/certificate-categories';
import type { Product, ProductCategory, ProductFields, ProductOption, ProductOptions } from '../../../../../event-schemas/contract/products';
import { contentReader } from '../../../lib/content/contentful-client';

const base = '/api/rest';

export type { CategoryPayload, CategoryTerms, CategoryType, CategoryVariant, CertificateCategory, DisplayStatus, Product, ProductCategory, ProductFields };
export type Option = ProductOption;

/** One change of a product or category, as the server declares it. */
export type AuditEntry = ConfigAuditEntry;

// Saves are quiet: a refusal is shown beside its fields, not logged as a failure.
export const productApi = {
  list: () => api.get<Product[]>(`${base}/products`, { query: { includeRetired: true } }),
  options: () => api.get<ProductOptions>(`${base}/admin/products/options`),
  create: (fields: ProductFields) => api.post<Product>(`${base}/admin/products`, fields, { quiet: true }),
  update: (id: number, fields: ProductFields) => api.put<Product>(`${base}/admin/products/${id}`, fields, { quiet: true }),
  retire: (id: number) => api.post<Product>(`${base}/admin/products/${id}/retire`),
  restore: (id: number) => api.post<Product>(`${base}/admin/products/${id}/restore`),
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
    (await api.get<PolicyField[]>(`${base}/certificate-categories/redemption-policy-fields`)).map((f) => ({
      fieldCode: f.fieldCode,
      name: f.name,
      kind: f.type,
      operators: f.operators,
    })),
};

/** The gift card designs content offers, by entry id, for a category's default art. */
export async function listCardArt(): Promise<Option[]> {
  const reader = await contentReader();
  const answer = await reader.getEntries<{ title?: string; name?: string }>({ content_type: 'eGiftCardArt', limit: 1000 });
  return answer.items
    .map((item) => ({ code: item.sys.id, name: item.fields.title ?? item.fields.name ?? item.sys.id }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

import { api } from '../../../lib/api';
import { isApiError } from '../../../lib/problem';
import type { ContentUpdate, PromotionPageEntry } from '../../../../../event-schemas/contract/content';
import type { CategoryChoice } from '../../../../../event-schemas/contract/certificate-categories';
import type {
  AwardType,
  BusyDay,
  Forecast,
  PayMethod,
  ProductTreeNode,
  RuleOption,
  RuleRecord,
  TierRecord,
  TierRecordIn,
  WizardRecordIn,
  WizardRecordOut,
} from '../../../../../event-schemas/contract/promotions';

/*
 * The promo builder wizard's calls (CONTRACT.md "Promotions: the wizard and payouts") and the option lists its
 * payout-and-rules step offers. The record is sent as the spec's multipart part named `json`.
 */

export type { AwardType, BusyDay, Forecast, PayMethod, RuleRecord, TierRecord, TierRecordIn, WizardRecordIn, WizardRecordOut };
export type Option = RuleOption;
export type ProductCategoryNode = ProductTreeNode;
export type ProductBrand = ProductTreeNode['children'][number];

export type { CategoryChoice };

export type PageEntry = PromotionPageEntry;

const base = '/api/rest';
const form = (record: WizardRecordIn) => {
  const body = new FormData();
  body.append('json', JSON.stringify(record));
  return body;
};

export const wizardApi = {
  load: (id: string) => api.get<WizardRecordOut>(`${base}/wizard/promotions/${encodeURIComponent(id)}`),
  // Expected refusals (400 fields, 409 status) are shown on the screen, so they stay out of the console.
  create: (record: WizardRecordIn, finalize: boolean) =>
    api.post<WizardRecordOut>(`${base}/wizard/promotions`, form(record), { query: { finalize }, quiet: true }),
  update: (id: string, record: WizardRecordIn, finalize: boolean) =>
    api.put<WizardRecordOut>(`${base}/wizard/promotions/${encodeURIComponent(id)}`, form(record), { query: { finalize }, quiet: true }),
  forecast: (record: WizardRecordIn) => api.post<Forecast>(`${base}/wizard/promotions/forecast`, record, { quiet: true }),
  awardTypes: () => api.get<Option[]>(`${base}/promotions/options/award-types`),
  measureTypes: () => api.get<Option[]>(`${base}/promotions/options/measure-types`),
  productTree: () => api.get<ProductCategoryNode[]>(`${base}/promotions/product-list/trees`),
  categories: () => api.get<CategoryChoice[]>(`${base}/admin/certificate-categories`),
  /** Writes a page's copy: a new entry, or (its id taken) the same entry's fields replaced. */
  async savePage(entry: PageEntry): Promise<void> {
    try {
      await api.post(`${base}/content/insert`, entry, { quiet: true });
    } catch (e) {
      if (!isApiError(e, 409)) throw e;
      await api.put(`${base}/content/update`, { id: entry.id, fields: entry.fields } satisfies ContentUpdate, { quiet: true });
    }
  },
};

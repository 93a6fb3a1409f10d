import { api } from '../../../lib/api';
import { isApiError } from '../../../lib/problem';
import type { PageName } from './promo-api';

/*
 * The promo builder wizard's calls (CONTRACT.md "Promotions: the wizard and payouts") and the option lists its
 * payout-and-rules step offers. The record is sent as the spec's multipart part named `json`.
 */

export type AwardType = 'POINT' | 'CERTIFICATE';
export type PayMethod = 'units' | 'flat';

export interface TierRecord {
  award: number;
  compareOp: 'gteq';
  target: number;
  payMethod: PayMethod;
  min: number | null;
  max: number | null;
}

/** A tier as sent: its target may be left out (not filled in). */
export type TierRecordIn = Omit<TierRecord, 'target'> & { target?: number };

export interface RuleRecord {
  ruleId?: string;
  name: string;
  metricIds: number[];
  tiers: TierRecord[];
}

/** The record as the wizard sends it: each section optional (a PUT keeps the sections it does not carry). */
export interface WizardRecordIn {
  overview?: {
    id?: string;
    name?: string;
    description?: string;
    promotionCode?: string;
    fromDate?: string;
    thruDate?: string;
    typeCode?: 'FLAT_PAYOUT';
    statusTypeCode?: 'NEW' | 'DRAFT';
  };
  participants?: { groupIds: number[] };
  payoutAndRules?: {
    awardType: AwardType;
    certificateCategoryCode: string | null;
    rewardDailyCap: number | null;
    retro: boolean;
    rules: (Omit<RuleRecord, 'tiers'> & { tiers: TierRecordIn[] })[];
  };
  website?: { tile: { title?: string }; webPages: Partial<Record<PageName, { contentValue: string | null; active: boolean }>> };
}

/** The record as the server answers it (every section, defaults applied). */
export interface WizardRecordOut {
  overview: {
    id: string;
    name: string;
    description: string;
    promotionCode: string;
    fromDate: string;
    thruDate: string;
    typeCode: string;
    statusTypeCode: string;
    promotionCategory: 'PROMOTION';
  };
  participants: { groupIds: number[] };
  payoutAndRules: {
    awardType: AwardType;
    certificateCategoryCode: string | null;
    rewardDailyCap: number | null;
    retro: boolean;
    programActivityId: number;
    rules: (RuleRecord & { ruleId: string })[];
  };
  website: {
    tile: { title: string; contentfulId: string | null };
    webPages: Record<PageName, { contentValue: string | null; active: boolean }>;
    isCopy: boolean;
  };
  revision: number;
  position?: string;
}

export interface BusyDay {
  date: string;
  treatments: number;
  points: number;
  certificates: number;
}

export interface Forecast {
  from: string;
  to: string;
  lookback: boolean;
  members: number;
  treatments: number;
  points: number;
  certificates: number;
  busiestDays: BusyDay[];
}

export interface Option {
  code: string;
  description: string;
}

export interface ProductBrand {
  id: string;
  name: string;
  products: { id: number; name: string }[];
}
export interface ProductCategoryNode {
  id: string;
  name: string;
  children: ProductBrand[];
}

export interface CategoryChoice {
  certificateCategoryCode: string;
  certificateCategoryName: string;
  variants: { amount: number }[];
}

/** The content entry of one promotion page (content type promotionWebsite), as the content admin calls take it. */
export interface PageEntry {
  id: string;
  contentType: 'promotionWebsite';
  fields: { promotionId: string; page: PageName; title: string; paragraphs?: string[]; questions?: { question: string; answer: string }[] };
}

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
      await api.put(`${base}/content/update`, { id: entry.id, fields: entry.fields }, { quiet: true });
    }
  },
};

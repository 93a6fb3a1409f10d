import type { EventAuditEntry } from '../../../../../event-schemas/contract/audit-entries';
import { TOKEN_STORAGE_KEY } from '../../../config/session';
import { api, createApiClient, type ApiClient } from '../../../lib/api';
import { contentReader } from '../../../lib/content/contentful-client';
import type { PromotionPage } from '../../../stores/content';
import type { PromotionStatus, StatusAction } from '../status-actions';

export type PageName = 'OVERVIEW' | 'RULES' | 'FAQ';
export const PAGE_NAMES: readonly PageName[] = ['OVERVIEW', 'RULES', 'FAQ'];

export interface WebPage {
  page: PageName;
  contentEntryId: string;
  active: boolean;
}

/** A promotion as the admin calls answer it (list rows, the single record, and every command). */
export interface AdminPromotion {
  id: string;
  promotionCategory: 'PROMOTION';
  name: string;
  description: string;
  promotionCode: string;
  typeCode: string;
  statusTypeCode: PromotionStatus;
  fromDate: string;
  thruDate: string;
  groupIds: number[];
  certificateCategoryCode: string | null;
  website: { tileTitle: string; pages: WebPage[] };
  copiedFrom?: string;
  /** Where a command's events sit in the log; a later read waits for it. */
  position?: string;
}

export interface PromotionListPage {
  items: AdminPromotion[];
  page: number;
  size: number;
  totalElements: number;
}

export interface StatusOption {
  code: PromotionStatus;
  description: string;
  applicableOnlyToApprovalProcess: boolean;
}

export interface ListQuery {
  status: PromotionStatus | 'ALL';
  searchName: string;
  page: number;
  size: number;
}

/** One event of a promotion's history, as the server declares it. */
export type AuditEntry = EventAuditEntry;

const storedToken = () => {
  try {
    return globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
};

/**
 * The list is a read model while commands answer from the stream, so a read after a command sends the position that
 * command wrote (`x-wait-for-position`); the server waits until the list includes it.
 */
const readingAfter = (position: string | null): ApiClient =>
  position === null
    ? api
    : createApiClient({
        fetch: (input, init) =>
          globalThis.fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-wait-for-position': position } }),
        getToken: storedToken,
      });

const base = '/api/rest';
const at = (id: string) => encodeURIComponent(id);

export const promoApi = {
  list: (q: ListQuery, after: string | null = null) =>
    readingAfter(after).get<PromotionListPage>(`${base}/promotions`, {
      query: {
        promotionCategory: 'PROMOTION',
        status: q.status,
        showAllForMyLevelAndBelow: false,
        searchName: q.searchName.trim() || undefined,
        page: q.page,
        size: q.size,
      },
    }),
  statuses: () => api.get<StatusOption[]>(`${base}/promotions/options/promotion-statuses`),
  audit: (id: string) => api.get<AuditEntry[]>(`${base}/admin/audit/promotions/${at(id)}`),
  // Expected refusals (409 status) are shown on the screen, so they stay out of the console.
  changeStatus: (id: string, action: StatusAction) => api.post<AdminPromotion>(`${base}/promotions/${at(id)}/${action}`, {}, { quiet: true }),
  copy: (id: string) => api.post<AdminPromotion>(`${base}/promotions/${at(id)}/copy`, undefined, { quiet: true }),
};

/**
 * Website copy by entry id, through the shared content reader. The member screens read pages by promotion id; the
 * builder reads the entries the record names, so it can preview a promotion not saved yet, or a copy whose entries
 * are still filed under the promotion it was copied from.
 */
export const readPagesByEntryId = async (ids: readonly string[]): Promise<Record<string, PromotionPage>> => {
  if (!ids.length) return {};
  const answer = await (
    await contentReader()
  ).getEntries<Omit<PromotionPage, 'entryId'>>({ content_type: 'promotionWebsite', 'sys.id[in]': ids.join(','), limit: ids.length });
  return Object.fromEntries(answer.items.map((item) => [item.sys.id, { ...item.fields, entryId: item.sys.id }]));
};

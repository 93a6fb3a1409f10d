import type { EventAuditEntry } from '../../../../../event-schemas/contract/audit-entries';
import type { AdminPromotion, PageName, PromotionListPage, PromotionListQuery, StatusOption, WebPage } from '../../../../../event-schemas/contract/promotions';
import { TOKEN_STORAGE_KEY } from '../../../config/session';
import { api, createApiClient, type ApiClient } from '../../../lib/api';
import { contentReader } from '../../../lib/content/contentful-client';
import type { PromotionPage } from '../../../stores/content';
import type { StatusAction } from '../status-actions';

export type { AdminPromotion, PageName, PromotionListPage, StatusOption, WebPage };
export const PAGE_NAMES: readonly PageName[] = ['OVERVIEW', 'RULES', 'FAQ'];

export type ListQuery = PromotionListQuery;

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

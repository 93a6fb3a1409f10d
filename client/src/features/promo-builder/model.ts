import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { isApiError } from '../../lib/problem';
import { sessionEnded } from '../../session/session-events';
import { confirm } from '../../stores/dialogs';
import { promoApi, type AdminPromotion, type ListQuery, type PromotionListPage, type StatusOption } from './api/promo-api';
import { statusActionRules, statusLabel, type StatusAction } from './status-actions';

export const PAGE_SIZE = 10;

export interface Notice {
  severity: 'success' | 'error';
  text: string;
}
type StatusFilterOption = { code: ListQuery['status']; description: string };

export const listOpened = createEvent();
export const statusChosen = createEvent<ListQuery['status']>();
export const searchSubmitted = createEvent<string>();
export const pageChosen = createEvent<{ page: number; size: number }>();
/** An action the admin asked for and (where it needs it) confirmed. */
export const actionConfirmed = createEvent<{ promotion: AdminPromotion; action: StatusAction }>();
export const copyClicked = createEvent<AdminPromotion>();
/** Any screen of the tool that wrote something (created, changed, copied), so later list reads wait for it. */
export const promotionWritten = createEvent<AdminPromotion>();
export const noticeDismissed = createEvent();

export const fetchStatusOptionsFx = createEffect(() => promoApi.statuses());
export const fetchListFx = createEffect(({ query, after }: { query: ListQuery; after: string | null }) => promoApi.list(query, after));
export const changeStatusFx = createEffect(({ promotion, action }: { promotion: AdminPromotion; action: StatusAction }) =>
  promoApi.changeStatus(promotion.id, action),
);
export const copyPromotionFx = createEffect((promotion: AdminPromotion) => promoApi.copy(promotion.id));

const messageOf = (error: unknown, fallback: string) => (isApiError(error) || error instanceof Error ? error.message : fallback);

export const $query = createStore<ListQuery>({ status: 'ALL', searchName: '', page: 0, size: PAGE_SIZE })
  .on(statusChosen, (q, status) => ({ ...q, status, page: 0 }))
  .on(searchSubmitted, (q, searchName) => ({ ...q, searchName, page: 0 }))
  .on(pageChosen, (q, { page, size }) => ({ ...q, page, size }))
  .reset(sessionEnded);

/** The last log position this tool wrote; list reads wait for it (the list is a read model, commands are not). */
export const $writtenPosition = createStore<string | null>(null)
  .on(promotionWritten, (prev, p) => p.position ?? prev)
  .reset(sessionEnded);

/** Admin spec: the status options come from the server and the client adds ALL. */
export const $statusOptions = createStore<StatusFilterOption[]>([{ code: 'ALL', description: 'All' }])
  .on(fetchStatusOptionsFx.doneData, (_, options: StatusOption[]) => [
    { code: 'ALL', description: 'All' },
    ...options.map((o) => ({ code: o.code, description: o.description })),
  ])
  .reset(sessionEnded);

export const $list = createStore<PromotionListPage | null>(null).reset(sessionEnded);
export const $listError = createStore<string | null>(null)
  .on(fetchListFx.failData, (_, e) => messageOf(e, 'Could not load the promotions'))
  .reset(fetchListFx, sessionEnded);

export const $notice = createStore<Notice | null>(null)
  .on(changeStatusFx.doneData, (_, p) => ({ severity: 'success', text: `"${p.name}" is now ${statusLabel(p.statusTypeCode)}.` }))
  .on(copyPromotionFx.doneData, (_, p) => ({ severity: 'success', text: `Copied as "${p.name}" (${p.promotionCode}), a draft.` }))
  // A 409 (the row was stale, or the window is over) is the server's own words: "Cannot end a NEW promotion".
  .on(changeStatusFx.failData, (_, e) => ({ severity: 'error', text: messageOf(e, 'The status could not be changed') }))
  .on(copyPromotionFx.failData, (_, e) => ({ severity: 'error', text: messageOf(e, 'The promotion could not be copied') }))
  // A banner speaks of the list it was shown over: a different filter, name or page makes it stale (issue 28).
  .reset(noticeDismissed, listOpened, statusChosen, searchSubmitted, pageChosen, changeStatusFx, copyPromotionFx, sessionEnded);

export const $busy = combine(changeStatusFx.pending, copyPromotionFx.pending, (a, b) => a || b);
export const $loading = fetchListFx.pending;

/** Every status action goes through the shared confirmation dialog (an action without a question would run at once). */
export const actionRequested = (promotion: AdminPromotion, action: StatusAction) => {
  const ask = statusActionRules[action].confirm;
  if (!ask) return actionConfirmed({ promotion, action });
  confirm({ ...ask(promotion.name), noLabel: 'Cancel', onYes: () => actionConfirmed({ promotion, action }) });
};

sample({ clock: listOpened, target: fetchStatusOptionsFx });
sample({ clock: actionConfirmed, target: changeStatusFx });
sample({ clock: copyClicked, target: copyPromotionFx });
sample({ clock: [changeStatusFx.doneData, copyPromotionFx.doneData], target: promotionWritten });

const sameQuery = (a: ListQuery, b: ListQuery) => a.status === b.status && a.searchName === b.searchName && a.page === b.page && a.size === b.size;

sample({
  clock: [listOpened, statusChosen, searchSubmitted, pageChosen],
  source: { query: $query, after: $writtenPosition },
  target: fetchListFx,
});
// After a command the list is read at that command's own position, whatever order the stores update in.
sample({
  clock: [changeStatusFx.doneData, copyPromotionFx.doneData],
  source: { query: $query, after: $writtenPosition },
  fn: ({ query, after }, written) => ({ query, after: written.position ?? after }),
  target: fetchListFx,
});

// Answers can come back out of order (a slow page, then a quick filter): only the one for the current query is kept.
sample({
  clock: fetchListFx.done,
  source: $query,
  filter: (query, { params }) => sameQuery(query, params.query),
  fn: (_, { result }) => result,
  target: $list,
});

import { waitFor } from '@testing-library/react';
import type { AdminPromotion } from '../../../client/src/features/promo-builder/api/promo-api';
import {
  $list,
  $notice,
  $query,
  $statusOptions,
  actionRequested,
  copyClicked,
  fetchListFx,
  listOpened,
  pageChosen,
  searchSubmitted,
  statusChosen,
} from '../../../client/src/features/promo-builder/model';
import { sessionEnded } from '../../../client/src/session/session-events';
import { $dialogs, dialogClosed } from '../../../client/src/stores/dialogs';
import { fakeFetch, problem, type RecordedCall, type Reply } from '../support/fake-http';

const ID = '9d2f4c6a-1b3e-4a5d-8c7f-0e1a2b3c4d5e';
const promotion = (over: Partial<AdminPromotion> = {}): AdminPromotion => ({
  id: ID,
  promotionCategory: 'PROMOTION',
  name: 'Spring Sparkle',
  description: '',
  promotionCode: 'SPARKLE',
  typeCode: 'FLAT_PAYOUT',
  statusTypeCode: 'ACTIVE',
  fromDate: '2026-04-01',
  thruDate: '2026-04-30',
  groupIds: [],
  certificateCategoryCode: null,
  website: { tileTitle: 'Spring Sparkle', pages: [] },
  ...over,
});
const page = (items: AdminPromotion[]) => ({ status: 200, body: { items, page: 0, size: 10, totalElements: items.length } });

let calls: RecordedCall[];
const serve = (routes: Record<string, Reply | ((call: RecordedCall) => Reply)>) => {
  const http = fakeFetch({
    'GET /api/rest/promotions/options/promotion-statuses': { status: 200, body: [{ code: 'NEW', description: 'New', applicableOnlyToApprovalProcess: false }] },
    'GET /api/rest/promotions': page([promotion()]),
    ...routes,
  });
  calls = http.calls;
  globalThis.fetch = http.fetch as unknown as typeof fetch;
};
const listReads = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/rest/promotions?'));
const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.url);
const settled = () => waitFor(() => expect(fetchListFx.pending.getState()).toBe(false));

afterEach(() => {
  sessionEnded();
  dialogClosed('confirmation');
});

describe('the promotion list', () => {
  it('opens on every status (the options call plus ALL, added here) and the first page of PROMOTION', async () => {
    serve({});
    listOpened();
    await waitFor(() => expect($list.getState()?.items).toHaveLength(1));
    expect($statusOptions.getState()).toEqual([
      { code: 'ALL', description: 'All' },
      { code: 'NEW', description: 'New' },
    ]);
    expect(listReads().map((c) => c.url)).toEqual([
      '/api/rest/promotions?promotionCategory=PROMOTION&status=ALL&showAllForMyLevelAndBelow=false&page=0&size=10',
    ]);
    expect(listReads()[0].headers['x-wait-for-position']).toBeUndefined();
  });

  it('goes back to the first page when the status or the name changes', async () => {
    serve({});
    pageChosen({ page: 2, size: 10 });
    await settled();
    statusChosen('ENDED');
    await settled();
    searchSubmitted('glow');
    await settled();
    expect($query.getState()).toEqual({ status: 'ENDED', searchName: 'glow', page: 0, size: 10 });
    expect(listReads().map((c) => new URLSearchParams(c.url.split('?')[1]).toString())).toEqual([
      'promotionCategory=PROMOTION&status=ALL&showAllForMyLevelAndBelow=false&page=2&size=10',
      'promotionCategory=PROMOTION&status=ENDED&showAllForMyLevelAndBelow=false&page=0&size=10',
      'promotionCategory=PROMOTION&status=ENDED&showAllForMyLevelAndBelow=false&searchName=glow&page=0&size=10',
    ]);
  });

  it('keeps only the answer for the current query when an older one arrives late', async () => {
    let releaseSlow: () => void = () => undefined;
    const http = fakeFetch({ 'GET /api/rest/promotions': (c) => page([promotion({ name: c.url.includes('status=DRAFT') ? 'draft answer' : 'all answer' })]) });
    calls = http.calls;
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      if (url.includes('status=ALL')) await new Promise<void>((resolve) => (releaseSlow = resolve));
      return http.fetch(url, init);
    }) as typeof fetch;
    pageChosen({ page: 0, size: 10 });
    statusChosen('DRAFT');
    await waitFor(() => expect($list.getState()?.items[0].name).toBe('draft answer'));
    releaseSlow();
    await settled();
    expect($list.getState()?.items[0].name).toBe('draft answer');
  });
});

describe('status actions', () => {
  it('ask before ending; only Yes posts, then the list is read again at the position the command wrote', async () => {
    serve({ [`POST /api/rest/promotions/${ID}/end`]: { status: 200, body: { ...promotion({ statusTypeCode: 'ENDED' }), position: '42.0' } } });
    actionRequested(promotion(), 'end');
    const asked = $dialogs.getState().confirmation;
    expect(asked.open).toBe(true);
    expect(asked.content).toMatchObject({ title: 'End this promotion?', yesLabel: 'End promotion', noLabel: 'Cancel' });
    expect(posts()).toEqual([]);

    asked.content!.onYes();
    await waitFor(() => expect($notice.getState()).toEqual({ severity: 'success', text: '"Spring Sparkle" is now Ended.' }));
    expect(posts()).toEqual([`/api/rest/promotions/${ID}/end`]);
    await waitFor(() => expect(listReads()).toHaveLength(1));
    expect(listReads()[0].headers['x-wait-for-position']).toBe('42.0');
  });

  it('publish asks first too; a 409 shows the server’s message and reads nothing again', async () => {
    serve({ [`POST /api/rest/promotions/${ID}/publish`]: problem(409, 'This promotion ended on 2026-03-31 and cannot be published', 'invalid-state') });
    actionRequested(promotion({ statusTypeCode: 'DRAFT' }), 'publish');
    const asked = $dialogs.getState().confirmation;
    expect(asked.open).toBe(true);
    expect(asked.content).toMatchObject({ title: 'Publish this promotion?', yesLabel: 'Publish', noLabel: 'Cancel' });
    expect(posts()).toEqual([]);
    asked.content!.onYes();
    await waitFor(() => expect($notice.getState()).toEqual({ severity: 'error', text: 'This promotion ended on 2026-03-31 and cannot be published' }));
    expect(listReads()).toHaveLength(0);
  });

  it('copy posts at once, names the copy, and reads the list after its position', async () => {
    serve({
      [`POST /api/rest/promotions/${ID}/copy`]: {
        status: 201,
        body: {
          ...promotion({ id: 'copy', name: 'Spring Sparkle - Copy', promotionCode: 'SPARKLE-1776279600000', statusTypeCode: 'DRAFT' }),
          position: '43.0',
        },
      },
    });
    copyClicked(promotion());
    await waitFor(() => expect($notice.getState()?.text).toBe('Copied as "Spring Sparkle - Copy" (SPARKLE-1776279600000), a draft.'));
    await waitFor(() => expect(listReads()[0]?.headers['x-wait-for-position']).toBe('43.0'));
  });

  it('drops the banner when the list shown changes: another status, name or page', async () => {
    for (const change of [() => statusChosen('ACTIVE'), () => searchSubmitted('Spring'), () => pageChosen({ page: 1, size: 10 })]) {
      serve({
        [`POST /api/rest/promotions/${ID}/copy`]: { status: 201, body: { ...promotion({ id: 'copy', name: 'Spring Sparkle - Copy' }), position: '44.0' } },
      });
      copyClicked(promotion());
      await waitFor(() => expect($notice.getState()?.severity).toBe('success'));
      change();
      expect($notice.getState()).toBeNull();
      await settled();
    }
  });
});

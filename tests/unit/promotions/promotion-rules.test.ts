import { isOpenOn, targets } from '../../../server/promotions/audience';
import { promotionInputErrors, type CreatePromotionBody } from '../../../server/promotions/create-promotion';
import { websiteOf } from '../../../server/promotions/promotion-views';
import type { PromotionRecord } from '../../../projections/promotion-tiles/promotions-query';

const body = (over: Partial<CreatePromotionBody> = {}): CreatePromotionBody => ({
  name: 'Glow',
  promotionCode: 'GLOW',
  fromDate: '2026-03-01',
  thruDate: '2026-03-31',
  ...over,
});

describe('promotion input rules', () => {
  it('accepts a window of one day', () => {
    expect(promotionInputErrors(body({ thruDate: '2026-03-01' }), '2026-02-01')).toEqual([]);
  });

  it('names each broken rule by its field', () => {
    const errors = promotionInputErrors(
      body({
        thruDate: '2026-02-28',
        groupIds: [3, 3],
        website: {
          pages: [
            { page: 'FAQ', contentEntryId: 'a' },
            { page: 'FAQ', contentEntryId: 'b' },
          ],
        },
      }),
      '2026-01-01',
    );
    expect(errors.map((e) => e.path)).toEqual(['body.thruDate', 'body.groupIds', 'body.website.pages']);
  });

  it('refuses to publish at once a promotion already over, but may record it', () => {
    expect(promotionInputErrors(body({ finalize: true }), '2026-04-01')).toEqual([{ path: 'body.thruDate', message: 'must not be in the past to publish' }]);
    expect(promotionInputErrors(body({ finalize: false }), '2026-04-01')).toEqual([]);
  });
});

describe('who sees a promotion', () => {
  const p = { status: 'ACTIVE' as const, fromDate: '2026-03-01', thruDate: '2026-03-31' };

  it('is open from its first to its last day, and only while ACTIVE', () => {
    expect(['2026-02-28', '2026-03-01', '2026-03-31', '2026-04-01'].map((d) => isOpenOn(p, d))).toEqual([false, true, true, false]);
    expect(isOpenOn({ ...p, status: 'ENDED' }, '2026-03-15')).toBe(false);
  });

  it('targets everyone without groups, otherwise members of any one of them', () => {
    expect(targets({ groupIds: [] }, new Set())).toBe(true);
    expect(targets({ groupIds: [4, 7] }, new Set([7]))).toBe(true);
    expect(targets({ groupIds: [4, 7] }, new Set([5]))).toBe(false);
  });
});

describe('a promotion website', () => {
  it('lists only active pages, in the order OVERVIEW, RULES, FAQ', () => {
    const record = {
      promotionId: 'p',
      website: {
        tileTitle: 'Glow',
        pages: [
          { page: 'FAQ', contentEntryId: 'f', active: true },
          { page: 'RULES', contentEntryId: 'r', active: false },
          { page: 'OVERVIEW', contentEntryId: 'o', active: true },
        ],
      },
    } as PromotionRecord;
    expect(websiteOf(record)).toEqual({
      promoId: 'p',
      tile: { title: 'Glow' },
      pages: [
        { page: 'OVERVIEW', contentEntryId: 'o' },
        { page: 'FAQ', contentEntryId: 'f' },
      ],
    });
  });
});

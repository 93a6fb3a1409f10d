import { isLeft, isRight } from 'fp-ts/Either';
import { PromotionCreated, PromotionStatusChanged, type PromotionEvent } from '../../../event-schemas';
import { fold } from '../../../server/core/decider';
import { forecastWindow, replayPayouts } from '../../../server/promotions/forecast';
import { evolvePromotion, initialPromotionState, type Promotion } from '../../../server/promotions/promotion-state';
import { changedFields, revisePromotion } from '../../../server/promotions/revise-promotion';
import { applyRecord, blankFacts, recordErrors, recordOf } from '../../../server/promotions/wizard-record';
import { FILLER, NEUROMODULATOR, PROMOTION_ID, rule, tier } from './payout-fixtures';

const overview = { name: 'Spring Sparkle', promotionCode: 'SPARKLE', fromDate: '2026-04-01', thruDate: '2026-04-30' };
const stored = applyRecord(blankFacts(PROMOTION_ID), {
  overview,
  payoutAndRules: { rules: [{ ruleId: 'r1', metricIds: [NEUROMODULATOR], tiers: [{ target: 10 }] }] },
});

describe('the wizard record', () => {
  it('applies the spec defaults: FLAT_PAYOUT, programActivityId 1362, tier award 1, gteq, units, retro false', () => {
    expect(stored.typeCode).toBe('FLAT_PAYOUT');
    expect(stored.payoutAndRules).toEqual(expect.objectContaining({ programActivityId: 1362, retro: false, awardType: 'POINT', rewardDailyCap: null }));
    expect(stored.payoutAndRules.rules[0]).toEqual(
      expect.objectContaining({
        ruleType: 'payout',
        ruleStructure: 'flat_payout',
        measureType: 'UNITS',
        metricType: 'product',
        rewardBase: 'rank_number',
        name: 'Rule 1',
      }),
    );
    expect(stored.payoutAndRules.rules[0].tiers).toEqual([{ award: 1, compareOp: 'gteq', target: 10, payMethod: 'units', min: null, max: null }]);
    expect(stored.website.tileTitle).toBe('Spring Sparkle');
  });

  it('reads a target given as targetInt, and answers both', () => {
    const f = applyRecord(blankFacts(PROMOTION_ID), {
      overview,
      payoutAndRules: { rules: [{ metricIds: [FILLER], tiers: [{ targetInt: 2, award: 40, payMethod: 'flat' }] }] },
    });
    expect(f.payoutAndRules.rules[0].tiers[0]).toEqual(expect.objectContaining({ target: 2, award: 40, payMethod: 'flat' }));
    const out = recordOf({ ...f, kind: 'created', status: 'NEW', revision: 0 });
    expect(out.payoutAndRules.rules[0].tiers[0]).toEqual(expect.objectContaining({ target: 2, targetInt: 2 }));
    expect(out.overview).toEqual(expect.objectContaining({ statusTypeCode: 'NEW', promotionCategory: 'PROMOTION', fromDate: '2026-04-01' }));
  });

  it('keeps the sections a PUT does not carry, and the pages it does not name', () => {
    const withPages = applyRecord(stored, {
      website: { webPages: { OVERVIEW: { contentValue: 'promo-overview', active: true }, FAQ: { contentValue: 'promo-faq', active: false } } },
    });
    const renamed = applyRecord(withPages, { overview: { name: 'Summer Sparkle' }, website: { webPages: { RULES: { contentValue: 'promo-rules' } } } });
    expect(renamed.payoutAndRules).toEqual(stored.payoutAndRules);
    expect(renamed.website.pages).toEqual([
      { page: 'OVERVIEW', contentEntryId: 'promo-overview', active: true },
      { page: 'RULES', contentEntryId: 'promo-rules', active: true },
      { page: 'FAQ', contentEntryId: 'promo-faq', active: false },
    ]);
    expect(applyRecord(renamed, { website: { webPages: { FAQ: { contentValue: '' } } } }).website.pages.map((p) => p.page)).toEqual(['OVERVIEW', 'RULES']);
  });

  it('names every field it refuses', () => {
    const bad = applyRecord(blankFacts(PROMOTION_ID), {
      overview: { fromDate: '2026-04-30', thruDate: '2026-04-01' },
      participants: { groupIds: [3, 3] },
      payoutAndRules: {
        awardType: 'CERTIFICATE',
        rules: [
          { metricIds: [], tiers: [] },
          { metricIds: [1, 1], tiers: [{ target: 5 }, { target: 5, min: 10, max: 2 }, {}] },
        ],
      },
    });
    expect(recordErrors(bad, 'save', '2026-04-01').map((e) => e.path)).toEqual([
      'body.overview.name',
      'body.overview.promotionCode',
      'body.overview.thruDate',
      'body.participants.groupIds',
      'body.payoutAndRules.certificateCategoryCode',
      'body.payoutAndRules.rules.0.metricIds',
      'body.payoutAndRules.rules.0.tiers',
      'body.payoutAndRules.rules.1.metricIds',
      'body.payoutAndRules.rules.1.tiers.1.target',
      'body.payoutAndRules.rules.1.tiers.1.max',
      'body.payoutAndRules.rules.1.tiers.2.target',
    ]);
    expect(recordErrors(stored, 'publish', '2026-05-01')).toEqual([{ path: 'body.overview.thruDate', message: 'must not be in the past to publish' }]);
    expect(recordErrors({ ...stored, payoutAndRules: { ...stored.payoutAndRules, rules: [] } }, 'forecast', '2026-04-01')).toEqual([
      { path: 'body.payoutAndRules.rules', message: 'must hold at least one rule to forecast' },
    ]);
  });
});

describe('revising a promotion', () => {
  const created = PromotionCreated.of(stored);
  const given = (...events: PromotionEvent[]) => fold(evolvePromotion, initialPromotionState, events) as Promotion;
  const moved = (from: 'NEW' | 'DRAFT' | 'ACTIVE', to: 'DRAFT' | 'ACTIVE' | 'ENDED') =>
    PromotionStatusChanged.of({ promotionId: PROMOTION_ID, from, to, reason: null });

  it('records only the changed fields, by section; nothing when nothing changed', () => {
    const state = given(created);
    const next = applyRecord(stored, { overview: { name: 'Summer Sparkle' }, payoutAndRules: { rewardDailyCap: 300 } });
    const r = revisePromotion.decide({ facts: next, finalize: false }, state);
    expect(isRight(r) && r.right).toEqual([
      {
        type: 'PromotionRevised',
        data: { promotionId: PROMOTION_ID, sections: ['overview', 'payoutAndRules'], changes: { name: 'Summer Sparkle', payoutAndRules: next.payoutAndRules } },
      },
    ]);
    expect(changedFields(stored, stored)).toEqual({ sections: [], changes: {} });
    expect(
      isRight(revisePromotion.decide({ facts: stored, finalize: false }, state)) && revisePromotion.decide({ facts: stored, finalize: false }, state),
    ).toEqual({ _tag: 'Right', right: [] });
  });

  it('publishes with finalize in the same append, and folds the revision count', () => {
    const state = given(created, moved('NEW', 'DRAFT'));
    const r = revisePromotion.decide({ facts: applyRecord(stored, { overview: { name: 'Go' } }), finalize: true }, state);
    if (!isRight(r)) throw new Error('refused');
    expect(r.right.map((e) => e.type)).toEqual(['PromotionRevised', 'PromotionStatusChanged']);
    const after = given(created, moved('NEW', 'DRAFT'), ...r.right);
    expect(after).toEqual(expect.objectContaining({ name: 'Go', status: 'ACTIVE', revision: 3 }));
  });

  it.each(['ACTIVE', 'ENDED'] as const)('refuses a %s promotion with 409 invalid-state', (status) => {
    const history = status === 'ACTIVE' ? [created, moved('NEW', 'ACTIVE')] : [created, moved('NEW', 'ACTIVE'), moved('ACTIVE', 'ENDED')];
    const r = revisePromotion.decide({ facts: applyRecord(stored, { overview: { name: 'x' } }), finalize: false }, given(...history));
    expect(isLeft(r) && r.left.slug).toBe('invalid-state');
  });
});

describe('the forecast', () => {
  it('looks at the window up to today, or the last 90 days when the window is ahead', () => {
    expect(forecastWindow({ fromDate: '2026-04-01', thruDate: '2026-04-30' }, '2026-04-10')).toEqual({ from: '2026-04-01', to: '2026-04-10', lookback: false });
    expect(forecastWindow({ fromDate: '2026-04-01', thruDate: '2026-04-30' }, '2026-06-01')).toEqual({ from: '2026-04-01', to: '2026-04-30', lookback: false });
    expect(forecastWindow({ fromDate: '2026-07-01', thruDate: '2026-07-30' }, '2026-06-01')).toEqual({ from: '2026-03-04', to: '2026-06-01', lookback: true });
  });

  it('replays as the payouts would decide: eligible members, best rule, daily cap; busiest days first', () => {
    const f = { payoutAndRules: { ...stored.payoutAndRules, rewardDailyCap: 50, rules: [rule({ tiers: [tier(10, { award: 2 })] })] } };
    const t = (paxId: number, dateOfService: string, quantity: number) => ({ paxId, dateOfService, lines: [{ productId: NEUROMODULATOR, quantity }] });
    const result = replayPayouts(
      f,
      [t(1, '2026-04-01', 20), t(1, '2026-04-01', 20), t(2, '2026-04-02', 12), t(3, '2026-04-02', 5), t(9, '2026-04-03', 40)],
      (p) => p !== 9,
      null,
    );
    expect(result).toEqual({
      members: 2,
      treatments: 3,
      points: 40 + 10 + 24,
      certificates: 0,
      busiestDays: [
        { date: '2026-04-01', treatments: 2, points: 50, certificates: 0 },
        { date: '2026-04-02', treatments: 1, points: 24, certificates: 0 },
      ],
    });
  });
});

describe('comparing what is stored with what the wizard sent', () => {
  it('ignores the order of keys (jsonb reorders them), so a value read back is not a change', () => {
    const reordered = { ...stored, payoutAndRules: Object.fromEntries(Object.entries(stored.payoutAndRules).reverse()) as typeof stored.payoutAndRules };
    expect(changedFields(stored, reordered)).toEqual({ sections: [], changes: {} });
  });
});

import { isLeft, isRight, type Either } from 'fp-ts/Either';
import {
  decodeEvent,
  encodeEvent,
  PromotionCreated,
  PromotionRevised,
  PromotionStatusChanged,
  type PromotionEvent,
  type PromotionStatus,
} from '../../../event-schemas';
import { fold, type DomainError } from '../../../server/core/decider';
import { changePromotionStatus, type ChangePromotionStatus } from '../../../server/promotions/change-promotion-status';
import { createPromotion, promotionFacts } from '../../../server/promotions/create-promotion';
import { evolvePromotion, initialPromotionState } from '../../../server/promotions/promotion-state';
import { statusActions, type StatusAction } from '../../../server/promotions/promotion-statuses';

const ID = '9d2f4c6a-1b3e-4a5d-8c7f-0e1a2b3c4d5e';
const facts = promotionFacts(ID, { name: ' Spring Sparkle ', promotionCode: 'SPARKLE', fromDate: '2026-03-01', thruDate: '2026-05-31' });
const created = PromotionCreated.of(facts);
const moved = (from: PromotionStatus, to: PromotionStatus, reason: string | null = null) => PromotionStatusChanged.of({ promotionId: ID, from, to, reason });

/** A history that leaves the promotion in `status`, through allowed transitions only. */
const historyTo: Record<PromotionStatus, PromotionEvent[]> = {
  NEW: [created],
  DRAFT: [created, moved('NEW', 'DRAFT')],
  ACTIVE: [created, moved('NEW', 'ACTIVE')],
  ENDED: [created, moved('NEW', 'ACTIVE'), moved('ACTIVE', 'ENDED')],
  PAYMENTS_STOPPED: [created, moved('NEW', 'ACTIVE'), moved('ACTIVE', 'PAYMENTS_STOPPED')],
  DELETED: [created, moved('NEW', 'DELETED')],
};
const given = (...events: PromotionEvent[]) => fold(evolvePromotion, initialPromotionState, events);
const when = (action: StatusAction, history: PromotionEvent[], over: Partial<ChangePromotionStatus> = {}) =>
  changePromotionStatus.decide({ action, reason: null, today: '2026-04-01', ...over }, given(...history));
const refusal = (r: Either<DomainError, PromotionEvent[]>) => (isLeft(r) ? r.left.slug : undefined);

describe('promotion events', () => {
  it('round-trip through their codecs, and a status the codec does not know is refused', () => {
    const meta = { actor: { kind: 'admin' as const, adminId: 1 }, correlationId: 'c', causationId: 'c', occurredAt: '2026-04-01T17:00:00.000Z' };
    for (const event of [created, moved('NEW', 'ACTIVE', 'launch')]) {
      const stored = encodeEvent('id', event, meta);
      expect(decodeEvent(stored.type, JSON.parse(JSON.stringify(stored.data)), stored.metadata).event).toEqual(event);
    }
    const bad = { ...moved('NEW', 'ACTIVE'), data: { ...moved('NEW', 'ACTIVE').data, to: 'LIVE' } } as unknown as PromotionEvent;
    expect(() => encodeEvent('id', bad, meta)).toThrow(/refusing to store an invalid PromotionStatusChanged/);
  });
});

describe('create promotion', () => {
  it('applies the spec defaults: FLAT_PAYOUT, no groups (everyone), the name as tile title, pages active', () => {
    expect(facts).toMatchObject({
      name: 'Spring Sparkle',
      typeCode: 'FLAT_PAYOUT',
      description: '',
      groupIds: [],
      certificateCategoryCode: null,
      website: { tileTitle: 'Spring Sparkle', pages: [] },
    });
    const withPages = promotionFacts(ID, {
      name: 'X',
      promotionCode: 'X',
      fromDate: '2026-03-01',
      thruDate: '2026-03-02',
      website: { pages: [{ page: 'FAQ', contentEntryId: 'faq-1' }] },
    });
    expect(withPages.website.pages).toEqual([{ page: 'FAQ', contentEntryId: 'faq-1', active: true }]);
  });

  describe('when nothing exists yet', () => {
    it('records it NEW', () => {
      const r = createPromotion.decide({ facts, finalize: false }, given());
      expect(isRight(r) && r.right).toEqual([created]);
      expect(given(created)).toMatchObject({ kind: 'created', status: 'NEW' });
    });

    it('with finalize, publishes it in the same decision', () => {
      const r = createPromotion.decide({ facts, finalize: true }, given());
      expect(isRight(r) && r.right).toEqual([created, moved('NEW', 'ACTIVE')]);
    });
  });

  it('refuses a second creation of the same promotion (409)', () => {
    expect(refusal(createPromotion.decide({ facts, finalize: false }, given(created)))).toBe('conflict');
  });
});

describe('change promotion status', () => {
  const allowed = Object.entries(statusActions).flatMap(([action, rule]) => rule.from.map((from) => [action as StatusAction, from, rule.to] as const));
  const refused = (Object.keys(statusActions) as StatusAction[]).flatMap((action) =>
    (Object.keys(historyTo) as PromotionStatus[]).filter((s) => !statusActions[action].from.includes(s)).map((from) => [action, from] as const),
  );

  describe('when the transition is allowed', () => {
    it.each(allowed)('%s moves %s to %s', (action, from, to) => {
      const r = when(action, historyTo[from], { reason: 'budget review' });
      expect(isRight(r) && r.right).toEqual([moved(from, to, 'budget review')]);
      expect(isRight(r) && given(...historyTo[from], ...r.right)).toMatchObject({ status: to });
    });
  });

  describe('when the transition is not allowed', () => {
    it.each(refused)('%s from %s is 409 and decides nothing', (action, from) => {
      expect(refusal(when(action, historyTo[from]))).toBe('invalid-state');
    });

    it('ending twice is refused: the second end finds the promotion ENDED', () => {
      const first = when('end', historyTo.ACTIVE);
      expect(isRight(first)).toBe(true);
      expect(refusal(when('end', [...historyTo.ACTIVE, ...(isRight(first) ? first.right : [])]))).toBe('invalid-state');
    });

    it('never publishes a promotion whose window is over', () => {
      expect(refusal(when('publish', historyTo.DRAFT, { today: '2026-06-01' }))).toBe('invalid-state');
      expect(isRight(when('publish', historyTo.DRAFT, { today: '2026-05-31' }))).toBe(true);
    });
  });

  it('answers not-found for a promotion that does not exist', () => {
    expect(refusal(when('end', []))).toBe('not-found');
  });
});

describe('a publication records the forecast shown for it', () => {
  const shown = { from: '2026-03-01', to: '2026-04-01', lookback: false, members: 3, treatments: 4, points: 120, certificates: 0, certificateValue: null };

  it('carries the forecast on the change to ACTIVE, and on no other change', () => {
    const published = when('publish', historyTo.NEW, { forecast: { of: shown, revision: 0 } });
    expect(isRight(published) && published.right).toEqual([
      PromotionStatusChanged.of({ promotionId: ID, from: 'NEW', to: 'ACTIVE', reason: null, forecast: shown }),
    ]);
    const ended = when('end', historyTo.ACTIVE, { forecast: { of: shown, revision: 0 } });
    expect(isRight(ended) && ended.right).toEqual([moved('ACTIVE', 'ENDED')]);
  });

  it('refuses to record a forecast worked out on the promotion before a revision it has since had', () => {
    const revised = PromotionRevised.of({ promotionId: ID, sections: ['overview'], changes: { name: 'Spring Sparkle II' } });
    expect(refusal(when('publish', [...historyTo.NEW, revised], { forecast: { of: shown, revision: 0 } }))).toBe('conflict');
    expect(isRight(when('publish', [...historyTo.NEW, revised], { forecast: { of: shown, revision: 1 } }))).toBe(true);
  });

  it('decodes a publication recorded before forecasts were kept', () => {
    const old = encodeEvent('5b1c0d9e-3f2a-4b6c-9d8e-7f6a5b4c3d2e', moved('NEW', 'ACTIVE'), {
      actor: { kind: 'system', job: 'test' },
      correlationId: 'c',
      causationId: 'c',
      occurredAt: '2026-03-01T00:00:00.000Z',
    });
    expect(decodeEvent(old.type, old.data, old.metadata).event.data).toEqual({ promotionId: ID, from: 'NEW', to: 'ACTIVE', reason: null });
  });
});

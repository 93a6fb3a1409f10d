import { isLeft, isRight } from 'fp-ts/Either';
import { decodeEvent, encodeEvent, PromotionCreated, PromotionStatusChanged, type PromotionEvent } from '../../../event-schemas';
import { fold } from '../../../server/core/decider';
import { copiedPromotionCode, copiedPromotionName, copyPromotion } from '../../../server/promotions/copy-promotion';
import { promotionFacts } from '../../../server/promotions/create-promotion';
import { evolvePromotion, initialPromotionState } from '../../../server/promotions/promotion-state';

const SOURCE = '9d2f4c6a-1b3e-4a5d-8c7f-0e1a2b3c4d5e';
const COPY = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const at = new Date('2026-04-15T19:00:00.000Z');
const stamp = String(at.getTime()); // 1776279600000: 13 digits

const facts = promotionFacts(SOURCE, {
  name: 'Spring Sparkle',
  description: 'Two treatments, one bonus.',
  promotionCode: 'SPARKLE-2026',
  fromDate: '2026-03-01',
  thruDate: '2026-05-31',
  groupIds: [4],
  certificateCategoryCode: 'GLOW',
  website: { tileTitle: 'Sparkle', pages: [{ page: 'RULES', contentEntryId: 'rules-1', active: false }] },
});
const given = (...events: PromotionEvent[]) => fold(evolvePromotion, initialPromotionState, events);
const ended = given(
  PromotionCreated.of(facts),
  PromotionStatusChanged.of({ promotionId: SOURCE, from: 'NEW', to: 'ACTIVE', reason: null }),
  PromotionStatusChanged.of({ promotionId: SOURCE, from: 'ACTIVE', to: 'ENDED', reason: null }),
);

describe('the copied promotion code', () => {
  it.each([
    ['replaces a trailing numeric part with the timestamp', 'SPRING-2026', `SPRING-${stamp}`],
    ['replaces digits right after letters in place', 'GLOW7', `GLOW${stamp}`],
    ['replaces the timestamp of an earlier copy, so copies of copies do not grow', `SPRING-1700000000000`, `SPRING-${stamp}`],
    ['appends the timestamp after a hyphen when there is no numeric tail', 'GLOW-SEASON', `GLOW-SEASON-${stamp}`],
    ['adds no second separator after a trailing - or _', 'GLOW_', `GLOW_${stamp}`],
    ['keeps digits that are not at the end', 'Q2-GLOW', `Q2-GLOW-${stamp}`],
    ['turns an all-digit code into the timestamp', '123456', stamp],
  ])('%s', (_, code, expected) => {
    expect(copiedPromotionCode(code, at)).toBe(expected);
  });

  it('cuts the stem so the code stays within the 40 characters a promotion code allows', () => {
    const long = `${'A'.repeat(39)}9`;
    const copied = copiedPromotionCode(long, at);
    expect(copied).toBe(`${'A'.repeat(27)}${stamp}`);
    expect(copied).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    expect(copiedPromotionCode('B'.repeat(40), at)).toHaveLength(40);
  });
});

describe('the copied name', () => {
  it("gets ' - Copy', cutting a name that would pass 120 characters", () => {
    expect(copiedPromotionName('Spring Sparkle')).toBe('Spring Sparkle - Copy');
    expect(copiedPromotionName('Spring Sparkle - Copy')).toBe('Spring Sparkle - Copy - Copy');
    const long = copiedPromotionName('N'.repeat(120));
    expect(long).toHaveLength(120);
    expect(long.endsWith(' - Copy')).toBe(true);
  });
});

describe('copy promotion', () => {
  describe('when the source exists (here ENDED) and the new stream is empty', () => {
    const r = copyPromotion(COPY).decide({ source: ended, at }, given());
    const events = isRight(r) ? r.right : [];

    it('creates the copy from every section of the source, naming it, then moves it to DRAFT', () => {
      expect(events).toEqual([
        PromotionCreated.of({
          ...facts,
          promotionId: COPY,
          name: 'Spring Sparkle - Copy',
          promotionCode: `SPARKLE-${stamp}`,
          copiedFrom: SOURCE,
        }),
        PromotionStatusChanged.of({ promotionId: COPY, from: 'NEW', to: 'DRAFT', reason: 'Copy of SPARKLE-2026' }),
      ]);
      expect(given(...events)).toMatchObject({ kind: 'created', promotionId: COPY, status: 'DRAFT', copiedFrom: SOURCE, groupIds: [4] });
    });

    it('stores copiedFrom through the codec at version 1, and an event without it still reads', () => {
      const meta = { actor: { kind: 'admin' as const, adminId: 1 }, correlationId: 'c', causationId: 'c', occurredAt: at.toISOString() };
      for (const event of [events[0], PromotionCreated.of(facts)]) {
        const stored = JSON.parse(JSON.stringify(encodeEvent('id', event, meta))) as ReturnType<typeof encodeEvent>;
        expect(decodeEvent(stored.type, stored.data, stored.metadata)).toEqual({ event, metadata: { ...meta, schemaVersion: 1 } });
      }
    });
  });

  it('refuses an unknown source (404) and an existing target stream (409)', () => {
    const unknown = copyPromotion(COPY).decide({ source: given(), at }, given());
    expect(isLeft(unknown) && unknown.left.slug).toBe('not-found');
    const taken = copyPromotion(COPY).decide({ source: ended, at }, ended);
    expect(isLeft(taken) && taken.left.slug).toBe('conflict');
  });
});

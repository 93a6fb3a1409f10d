import { isLeft, isRight } from 'fp-ts/Either';
import { PointsAwarded, type MemberEvent } from '../../../event-schemas';
import { fold } from '../../../server/core/decider';
import { addMonths, givePoints, type GivePoints } from '../../../server/points/give-points';

const command = (over: Partial<GivePoints> = {}): GivePoints => ({
  paxId: 7,
  lotId: 'lot-1',
  amount: 250,
  description: 'Welcome bonus',
  idempotencyKey: 'k-1',
  today: '2026-03-15',
  defaultExpiryMonths: 12,
  ...over,
});
const given = (...events: MemberEvent[]) => fold(givePoints.evolve, givePoints.initialState, events);
const awarded = (over: Partial<Parameters<typeof PointsAwarded.of>[0]> = {}) =>
  PointsAwarded.of({ paxId: 7, lotId: 'lot-0', amount: 100, description: 'x', source: 'ADMIN', expirationDate: '2027-01-01', idempotencyKey: 'k-0', ...over });

describe('give points', () => {
  describe('when the key is new', () => {
    it('awards one lot expiring after the programme default', () => {
      const r = givePoints.decide(command(), given());
      expect(isRight(r) && r.right).toEqual([
        PointsAwarded.of({
          paxId: 7,
          lotId: 'lot-1',
          amount: 250,
          description: 'Welcome bonus',
          source: 'ADMIN',
          expirationDate: '2027-03-15',
          idempotencyKey: 'k-1',
        }),
      ]);
    });
    it('uses the expiration date the admin gave', () => {
      const r = givePoints.decide(command({ expirationDate: '2026-12-31' }), given());
      expect(isRight(r) && r.right[0].data).toMatchObject({ expirationDate: '2026-12-31' });
    });
  });

  describe('when the key was already used', () => {
    it('decides nothing', () => {
      const r = givePoints.decide(command({ idempotencyKey: 'k-0' }), given(awarded()));
      expect(isRight(r) && r.right).toEqual([]);
    });
  });

  describe('when the expiration date is not in the future', () => {
    it('refuses, naming the field', () => {
      const r = givePoints.decide(command({ expirationDate: '2026-03-15' }), given());
      expect(isLeft(r) && r.left).toEqual({ slug: 'validation', message: 'must be after today', field: 'body.expirationDate' });
    });
  });

  it('folds awards into the balance and lots', () => {
    const s = given(awarded(), awarded({ lotId: 'lot-9', amount: 40, idempotencyKey: null }));
    expect(s.balance).toBe(140);
    expect(s.lots.map((l) => l.lotId)).toEqual(['lot-0', 'lot-9']);
    expect([...s.usedAwardKeys]).toEqual(['k-0']);
  });
});

describe('addMonths', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2026-11-22', 12, '2027-11-22'],
  ])('%s + %i months is %s', (from, months, to) => expect(addMonths(from, months)).toBe(to));
});

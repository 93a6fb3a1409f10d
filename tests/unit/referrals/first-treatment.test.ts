import { isRight } from 'fp-ts/Either';
import { PointsAwarded, TreatmentPointsComputed, TreatmentProcessed, type DomainEvent, type MemberEvent } from '../../../event-schemas';
import type { LineAward } from '../../../event-schemas/treatment-points-computed';
import { fold } from '../../../server/core/decider';
import { awardReferral, type AwardReferral } from '../../../server/referrals/award-referral';
import { completedTreatment, firstCompletedTreatment } from '../../../server/referrals/first-treatment';

const PAX = 7;
const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';
const lineOf = (category: 'TREATMENT' | 'PARTNER', awarded: number): LineAward => ({
  lineIndex: 0,
  productId: 1,
  category,
  requested: awarded,
  awarded,
  cutReason: null,
  expirationDate: awarded ? '2027-05-02' : null,
});
const computed = (treatmentId: string, lines: LineAward[]) =>
  TreatmentPointsComputed.of({
    paxId: PAX,
    treatmentId,
    dateOfService: '2026-05-01',
    lines,
    totalAwarded: lines.reduce((n, l) => n + l.awarded, 0),
    expectedPoints: 0,
    reasons: [],
  });
const award = (over: Partial<Parameters<typeof PointsAwarded.of>[0]> = {}) =>
  PointsAwarded.of({
    paxId: PAX,
    lotId: 'lot',
    amount: 10,
    description: 'x',
    source: 'TREATMENT',
    expirationDate: '2027-01-01',
    idempotencyKey: null,
    ...over,
  });

describe('first treatment detection', () => {
  describe('when the member stream holds an earning decision with a treatment line', () => {
    it('says which member completed which treatment, even when it earned nothing', () => {
      expect(completedTreatment(computed(T1, [lineOf('TREATMENT', 0)]))).toEqual({ paxId: PAX, treatmentId: T1 });
    });
  });
  describe('when it is anything else', () => {
    it.each<[string, DomainEvent]>([
      ['a partner purchase alone', computed(T1, [lineOf('PARTNER', 50)])],
      ['the treatment stream’s TreatmentProcessed', TreatmentProcessed.of({ treatmentId: T1, paxId: PAX, pointsAwarded: 10, reasons: [] })],
      ['a treatment award', award()],
    ])('ignores %s', (_what, event) => {
      expect(completedTreatment(event)).toBeUndefined();
    });
  });

  it('finds the first completed treatment in the member’s order, skipping partner-only visits', () => {
    const history = [
      award({ source: 'ADMIN' }),
      computed(T2, [lineOf('PARTNER', 40)]),
      computed(T1, [lineOf('TREATMENT', 20)]),
      computed(T2, [lineOf('TREATMENT', 5)]),
    ];
    expect(firstCompletedTreatment(history)).toBe(T1);
    expect(firstCompletedTreatment(history.slice(0, 2))).toBeUndefined();
  });
});

describe('award referral', () => {
  const command = (over: Partial<AwardReferral> = {}): AwardReferral => ({
    paxId: PAX,
    lotId: 'referral-9-referred',
    amount: 100,
    description: 'Referral reward: welcome from Ann',
    expirationDate: '2027-05-02',
    idempotencyKey: 'referral-9',
    ...over,
  });
  const given = (...events: MemberEvent[]) => fold(awardReferral.evolve, awardReferral.initialState, events);

  describe('when the member has no award with the key', () => {
    it('credits a REFERRAL lot', () => {
      const r = awardReferral.decide(command(), given(award()));
      expect(isRight(r) && r.right).toEqual([
        PointsAwarded.of({
          paxId: PAX,
          lotId: 'referral-9-referred',
          amount: 100,
          description: 'Referral reward: welcome from Ann',
          source: 'REFERRAL',
          expirationDate: '2027-05-02',
          idempotencyKey: 'referral-9',
        }),
      ]);
    });
  });
  describe('when the key was used (a replay, a restart, a second server)', () => {
    it('decides nothing', () => {
      const r = awardReferral.decide(command(), given(award({ source: 'REFERRAL', idempotencyKey: 'referral-9' })));
      expect(isRight(r) && r.right).toEqual([]);
    });
  });
  describe('when the programme sets that side’s reward to 0', () => {
    it('decides nothing', () => {
      const r = awardReferral.decide(command({ amount: 0 }), given());
      expect(isRight(r) && r.right).toEqual([]);
    });
  });
});

import { isRight } from 'fp-ts/Either';
import type { MemberEvent } from '../../../event-schemas';
import { earnTreatmentPoints } from '../../../server/treatments/earn-treatment-points';
import { CUT_REASONS, estimatePoints } from '../../../server/treatments/earning-rules';
import { certificate, earn, given, line, PAX, T1, T2, T3 } from './treatment-fixtures';

const decide = (...args: Parameters<typeof earnTreatmentPoints.decide>): MemberEvent[] => {
  const r = earnTreatmentPoints.decide(...args);
  if (!isRight(r)) throw new Error('expected events');
  return r.right;
};
const computed = (events: MemberEvent[]) => {
  const c = events.find((e) => e.type === 'TreatmentPointsComputed');
  if (!c || c.type !== 'TreatmentPointsComputed') throw new Error('no TreatmentPointsComputed');
  return c.data;
};
const awards = (events: MemberEvent[]) => events.flatMap((e) => (e.type === 'PointsAwarded' ? [{ source: e.data.source, amount: e.data.amount }] : []));

describe('earning from a treatment', () => {
  describe('when nothing was earned on that date yet', () => {
    it('awards quantity × pointsPerUnit as one TREATMENT lot expiring 12 months from processing', () => {
      const events = decide(earn(T1, [line('TREATMENT', 50, 2), line('TREATMENT', 1, 100)]), given());
      expect(awards(events)).toEqual([{ source: 'TREATMENT', amount: 200 }]);
      const award = events.find((e) => e.type === 'PointsAwarded');
      expect(award?.type === 'PointsAwarded' && award.data).toMatchObject({ lotId: `${T1}-treatment`, expirationDate: '2027-05-02', paxId: PAX });
      expect(computed(events)).toMatchObject({ totalAwarded: 200, reasons: [] });
    });
  });

  describe('when one treatment asks for more than 1,000 points', () => {
    it('caps it at 1,000 and says which line was cut and why', () => {
      const events = decide(earn(T1, [line('TREATMENT', 8, 100), line('TREATMENT', 3, 100)]), given());
      expect(awards(events)).toEqual([{ source: 'TREATMENT', amount: 1000 }]);
      expect(computed(events).lines.map((l) => [l.awarded, l.cutReason])).toEqual([
        [800, null],
        [200, CUT_REASONS.dateCap],
      ]);
    });
  });

  describe('when earlier treatments on the same date already earned', () => {
    it('caps across them: 700 then 700 on one date gives 700 and 300', () => {
      const first = decide(earn(T1, [line('TREATMENT', 7, 100)]), given());
      const second = decide(earn(T2, [line('TREATMENT', 7, 100)]), given(...first));
      expect(awards(second)).toEqual([{ source: 'TREATMENT', amount: 300 }]);
      expect(computed(second).reasons).toEqual([CUT_REASONS.dateCap]);
    });

    it('earns nothing once the date is full, with the reason kept and no PointsAwarded', () => {
      const history = decide(earn(T1, [line('TREATMENT', 10, 100)]), given());
      const events = decide(earn(T2, [line('TREATMENT', 1, 100)]), given(...history));
      expect(awards(events)).toEqual([]);
      expect(computed(events)).toMatchObject({ totalAwarded: 0, reasons: [CUT_REASONS.dateCap] });
    });

    it('leaves another date of service its own 1,000', () => {
      const history = decide(earn(T1, [line('TREATMENT', 10, 100)]), given());
      const events = decide(earn(T2, [line('TREATMENT', 4, 100)], { dateOfService: '2026-05-02' }), given(...history));
      expect(awards(events)).toEqual([{ source: 'TREATMENT', amount: 400 }]);
    });
  });

  describe('when partner products are bought', () => {
    it('earns them under the daily partner limit, apart from the treatment cap', () => {
      const events = decide(earn(T1, [line('TREATMENT', 10, 100), line('PARTNER', 40, 15)], { partnerDailyLimit: 500 }), given());
      expect(awards(events)).toEqual([
        { source: 'TREATMENT', amount: 1000 },
        { source: 'PARTNER', amount: 500 },
      ]);
      expect(computed(events).reasons).toEqual([CUT_REASONS.partnerLimit]);
    });

    it('counts earlier partner purchases of that day', () => {
      const history = decide(earn(T1, [line('PARTNER', 40, 10)]), given());
      const events = decide(earn(T2, [line('PARTNER', 20, 10)]), given(...history));
      expect(awards(events)).toEqual([{ source: 'PARTNER', amount: 100 }]);
    });

    it('says a partner product worth no points did not qualify', () => {
      expect(computed(decide(earn(T1, [line('PARTNER', 2, 0)]), given())).reasons).toEqual([CUT_REASONS.partnerNotQualified]);
    });
  });

  describe('when a certificate that restricts earnings was redeemed at the treatment', () => {
    it('earns nothing, on every line, with the reward reason', () => {
      const events = decide(
        earn(T1, [line('TREATMENT', 5, 100), line('PARTNER', 1, 10)], { redeemedCertificates: [certificate(false), certificate(true)] }),
        given(),
      );
      expect(awards(events)).toEqual([]);
      expect(computed(events).lines.every((l) => l.awarded === 0 && l.cutReason === CUT_REASONS.nullified)).toBe(true);
      expect(computed(events).reasons).toEqual([CUT_REASONS.nullified]);
    });

    it('does not use up the date’s cap', () => {
      const history = decide(earn(T1, [line('TREATMENT', 5, 100)], { redeemedCertificates: [certificate(true)] }), given());
      expect(awards(decide(earn(T2, [line('TREATMENT', 10, 100)]), given(...history)))).toEqual([{ source: 'TREATMENT', amount: 1000 }]);
    });
  });

  describe('when the same treatment is processed again', () => {
    it('decides nothing: the award is made once', () => {
      const history = decide(earn(T1, [line('TREATMENT', 3, 100)]), given());
      expect(decide(earn(T1, [line('TREATMENT', 3, 100)]), given(...history))).toEqual([]);
      expect(decide(earn(T3, [line('TREATMENT', 3, 100)]), given(...history))).not.toEqual([]);
    });
  });

  describe('the pending estimate', () => {
    it('caps one treatment on its own and is 0 when earnings are restricted', () => {
      expect(estimatePoints([line('TREATMENT', 12, 100), line('PARTNER', 100, 10)], [], 500)).toBe(1500);
      expect(estimatePoints([line('TREATMENT', 2, 100)], [certificate(true)], 500)).toBe(0);
    });
  });
});

import { addTo, DatedTotals, MEASURES, MONTHS, sumsOn } from '../../../projections/programme-report/dated-totals';

describe('numbered dated totals', () => {
  it('gives a key one number for good, and its name back', () => {
    const n = MEASURES.of('earned:TEST-SOURCE');
    expect(MEASURES.of('earned:TEST-SOURCE')).toBe(n);
    expect(MEASURES.name(n)).toBe('earned:TEST-SOURCE');
    expect(MEASURES.of('earned:OTHER-TEST-SOURCE')).not.toBe(n);
  });

  it('writes a row for every day and key added to, a total of 0 included, and none for a key not added to that day', () => {
    const totals = new DatedTotals();
    const [earned, active] = [MEASURES.of('earned:TEST-SOURCE'), MEASURES.of('active')];
    const march = sumsOn(totals.daily, '2026-03-01');
    addTo(march, earned, 40);
    addTo(sumsOn(totals.daily, '2026-03-01'), earned, 2);
    addTo(march, active, 1);
    addTo(march, active, -1);
    addTo(sumsOn(totals.daily, '2026-03-02'), active, 1);
    addTo(sumsOn(totals.expiry, '2026-03-01'), MONTHS.of('2027-03'), 42);
    const [daily, expiry] = totals.statements();
    const rows = (s: { values: unknown[] }, order: number[]) =>
      (s.values[0] as unknown[]).map((_, i) => order.map((c) => (s.values[c] as unknown[])[i])).sort((a, b) => String(a).localeCompare(String(b)));
    // rm_report_daily's values are (measure, day, amount); rm_report_expiry_daily's (day, month, points).
    expect(rows(daily, [1, 0, 2])).toEqual([
      ['2026-03-01', 'active', 0],
      ['2026-03-01', 'earned:TEST-SOURCE', 42],
      ['2026-03-02', 'active', 1],
    ]);
    expect(rows(expiry, [0, 1, 2])).toEqual([['2026-03-01', '2027-03', 42]]);
  });
});

import { ageOn } from '../../../server/groups/evaluate-group';
import { bornOnOrBefore } from '../../../server/groups/group-sql';

// The SQL count turns "age at least n" into "born on or before a day"; it must agree with ageOn on every edge.
describe('bornOnOrBefore', () => {
  it.each([
    ['2025-06-15', 18, '2007-06-15'],
    ['2024-02-29', 1, '2023-02-28'],
    ['2024-02-29', 4, '2020-02-29'],
    ['2025-03-01', 25, '2000-03-01'],
  ])('on %s, %i years old means born on or before %s', (today, years, day) => expect(bornOnOrBefore(today, years)).toBe(day));

  it('agrees with ageOn for every birthday around the edges', () => {
    for (const today of ['2024-02-29', '2025-02-28', '2025-03-01', '2025-12-31', '2026-01-01']) {
      for (let d = Date.UTC(1999, 0, 1); d <= Date.UTC(2001, 11, 31); d += 86_400_000) {
        const dob = new Date(d).toISOString().slice(0, 10);
        const age = ageOn(dob, today);
        expect([dob, today, dob <= bornOnOrBefore(today, age)]).toEqual([dob, today, true]);
        expect([dob, today, dob <= bornOnOrBefore(today, age + 1)]).toEqual([dob, today, false]);
      }
    }
  });
});

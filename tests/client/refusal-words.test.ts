import { refusalInWords } from '../../client/src/lib/refusal-words';

/** Issue 28, item 6: the API's codes never reach an admin's screen. */
describe('a refusal in words', () => {
  it('names the other date of a range by its label, not its code', () => {
    expect(refusalInWords('must not be before fromDate')).toBe('must not be before the from date');
    expect(refusalInWords('must be on or after startDate', { startDate: 'Start date' })).toBe('must be on or after the start date');
  });

  it('names a choice of values in words', () => {
    expect(refusalInWords('must be "TREATMENT" | "PARTNER"')).toBe('must be Treatment or Partner');
    expect(refusalInWords('must be TREATMENT or PARTNER')).toBe('must be Treatment or Partner');
    expect(refusalInWords('must be one of ACTIVE, EXPIRED, VOID, CHARGEBACK, REFUND', {}, { CHARGEBACK: 'Charged back' })).toBe(
      'must be Active, Expired, Void, Charged back or Refund',
    );
  });

  it('gives the date format the fields show', () => {
    expect(refusalInWords('must be a date as YYYY-MM-DD')).toBe('must be a date as MM/DD/YYYY');
    expect(refusalInWords('must be YYYY-MM-DD')).toBe('must be MM/DD/YYYY');
  });

  it('leaves plain words alone', () => {
    expect(refusalInWords('must be at most 1,000 points')).toBe('must be at most 1,000 points');
  });
});

import { birthDateCheck, birthDateWords, nameWords, parseBirthDate } from '../../client/src/lib/member-fields';

describe('a name field’s message (issue 54, item 16)', () => {
  it('asks for the name when it is empty, not for letters', () => {
    expect(nameWords('', 'first')).toBe('Enter your first name');
    expect(nameWords('   ', 'last')).toBe('Enter your last name');
  });

  it('says what a name may hold when it holds something else', () => {
    expect(nameWords('R2-D2', 'first')).toBe('Use letters only');
  });
});

describe('a typed birth date (issue 54, item 16)', () => {
  it('is read as MM/DD/YYYY, as the label asks, and as YYYY-MM-DD, as many type it', () => {
    expect(parseBirthDate('07/04/1988')).toBe('1988-07-04');
    expect(parseBirthDate('1988-07-04')).toBe('1988-07-04');
    expect(parseBirthDate(' 1988-07-04 ')).toBe('1988-07-04');
    expect(birthDateCheck('1988-07-04')).toBe(true);
  });

  it('refuses what no calendar has, in either form', () => {
    for (const typed of ['1988-02-30', '02/30/1988', '1988-7-4', '88-07-04', 'July 4']) expect(parseBirthDate(typed)).toBeNull();
    expect(birthDateWords('1988-13-01')).toBe('Enter a date as MM/DD/YYYY');
  });
});

import { nameWords } from '../../client/src/lib/member-fields';

describe('a name field’s message (issue 54, item 16)', () => {
  it('asks for the name when it is empty, not for letters', () => {
    expect(nameWords('', 'first')).toBe('Enter your first name');
    expect(nameWords('   ', 'last')).toBe('Enter your last name');
  });

  it('says what a name may hold when it holds something else', () => {
    expect(nameWords('R2-D2', 'first')).toBe('Use letters only');
  });
});

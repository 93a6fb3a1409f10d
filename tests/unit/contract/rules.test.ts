import { dateOfBirthProblem, formatUsPhone, formatUsZip, isEmailAddress, isUsPhone, isUsZipCode, zipCodeProblem } from '../../../event-schemas/contract/rules';
import { isRedeemTier, REDEEM_TIER_RULE, REDEEM_TIERS } from '../../../event-schemas/contract/redeem-tiers';

describe('the rules server and client share', () => {
  describe('a US ZIP code', () => {
    it.each(['92612', '92612-1234', ' 10001 '])('accepts %j', (zip) => expect(isUsZipCode(zip)).toBe(true));
    it.each(['926121234', '9261', '92612-123', 'K1A 0B1', '9261A', '', '00000', '00412'])('refuses %j', (zip) => expect(isUsZipCode(zip)).toBe(false));
    it.each([
      ['926121234', '92612-1234'],
      ['92612', '92612'],
      ['92612-12345', '92612-1234'],
    ])('%j is written %j', (typed, shown) => expect(formatUsZip(typed)).toBe(shown));
    it('says what is wrong with a ZIP: its shape first, then whether any address has it', () => {
      expect(zipCodeProblem('9261')).toMatch(/5 digits/);
      expect(zipCodeProblem('00000')).toBe('is not a ZIP code any US address has');
      expect(zipCodeProblem('00501')).toBeNull();
    });
  });

  describe('a date of birth', () => {
    it.each([
      ['2026-06-16', 'must not be in the future'],
      ['2008-06-16', 'must show you are at least 18 years old'],
      ['1906-06-15', 'must be within the last 120 years'],
      ['1890-01-01', 'must be within the last 120 years'],
    ])('%j as of 2026-06-15: %s', (dob, problem) => expect(dateOfBirthProblem(dob, '2026-06-15')).toBe(problem));
    it.each(['2008-06-15', '1906-06-16', '1990-01-01'])('%j as of 2026-06-15 is fine', (dob) => expect(dateOfBirthProblem(dob, '2026-06-15')).toBeNull());
  });

  describe('a phone number typed in any punctuation', () => {
    it.each([
      ['949', '949'],
      ['9495', '949-5'],
      ['949555', '949-555'],
      ['9495550142', '949-555-0142'],
      ['(949) 555-0142', '949-555-0142'],
      ['+1 949 555 0142', '949-555-0142'],
      ['949-555-01429', '949-555-0142'],
    ])('%j is shown as %j', (typed, shown) => expect(formatUsPhone(typed)).toBe(shown));
    it('accepts what it shows when it holds ten digits, and nothing shorter', () => {
      expect(isUsPhone(formatUsPhone('9495550142'))).toBe(true);
      expect(isUsPhone(formatUsPhone('949555014'))).toBe(false);
    });
    it.each(['000-000-0000', '123-456-7890', '949-055-0142', '049-555-0142'])('refuses %j: no area code or exchange starts with 0 or 1', (phone) =>
      expect(isUsPhone(phone)).toBe(false),
    );
  });

  describe('an e-mail address', () => {
    it.each(['name@example.com', 'a.b+c@mail.example.net'])('accepts %j', (e) => expect(isEmailAddress(e)).toBe(true));
    it.each(['nope', 'a@b', 'a@b.c', 'two words@example.com'])('refuses %j', (e) => expect(isEmailAddress(e)).toBe(false));
  });

  describe('the redeem tiers', () => {
    it('run from 100 to 1000 in steps of 100, and say so', () => {
      expect(REDEEM_TIERS).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
      expect(REDEEM_TIER_RULE).toBe('must be 100 to 1000 in steps of 100');
      expect(isRedeemTier(150)).toBe(false);
    });
  });
});

describe('the password and award rules, written once for server and forms', () => {
  it('a password is 10 to 200 characters with a letter and a digit', async () => {
    const { isStrongPassword, PASSWORD_RULE, PASSWORD_HINT } = await import('../../../event-schemas/contract/rules');
    expect(isStrongPassword('Sturdy-pass-42')).toBe(true);
    expect(isStrongPassword('short-1')).toBe(false);
    expect(isStrongPassword('no-digits-here')).toBe(false);
    expect(isStrongPassword('1234567890')).toBe(false);
    expect(isStrongPassword(`a1${'x'.repeat(199)}`)).toBe(false);
    expect(PASSWORD_RULE).toBe('must be at least 10 characters and include a letter and a number');
    expect(PASSWORD_HINT).toBe('Use at least 10 characters, with a letter and a digit');
  });

  it('the server’s codecs and the member-care form use the same award limit', async () => {
    const { MAX_ADMIN_AWARD } = await import('../../../event-schemas/contract/rules');
    const { MAX_ADMIN_AWARD: server } = await import('../../../server/points/give-points');
    const { MAX_AWARD: form } = await import('../../../client/src/features/member-care/model');
    expect([MAX_ADMIN_AWARD, server, form]).toEqual([100_000, 100_000, 100_000]);
  });
});

import { DEFAULT_PASSWORD_HASH_COST, decoyHash, hashPassword, verifyPassword } from '../../server/auth/passwords';
import { settingsFromEnv } from '../../server/config';

describe('password hashing cost', () => {
  it('is 15 unless PASSWORD_HASH_COST says otherwise, and only 10 to 17 is taken, naming the setting', () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(15);
    expect(settingsFromEnv({}).passwordHashCost).toBe(15);
    expect(settingsFromEnv({ PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
    expect(settingsFromEnv({ PASSWORD_HASH_COST: '17' }).passwordHashCost).toBe(17);
    expect(() => settingsFromEnv({ PASSWORD_HASH_COST: '9' })).toThrow('PASSWORD_HASH_COST must be from 10 to 17, not 9');
    expect(() => settingsFromEnv({ PASSWORD_HASH_COST: '18' })).toThrow('PASSWORD_HASH_COST must be from 10 to 17, not 18');
    expect(() => settingsFromEnv({ PASSWORD_HASH_COST: 'low' })).toThrow('PASSWORD_HASH_COST must be a whole number, not low');
  });

  it('makes a hash that names its N: 2^15 by default, 2^10 at cost 10', async () => {
    expect(await hashPassword('Sturdy-pass-42')).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await hashPassword('Sturdy-pass-42', 10)).toMatch(/^scrypt\$1024\$8\$1\$/);
    await expect(hashPassword('Sturdy-pass-42', 9)).rejects.toThrow('password hash cost must be a whole number from 10 to 17, not 9');
  });

  it('checks a password against a hash of any cost by the hash’s own N', async () => {
    const strong = await hashPassword('Sturdy-pass-42', 15);
    const cheap = await hashPassword('Sturdy-pass-42', 10);
    for (const stored of [strong, cheap]) {
      expect(await verifyPassword('Sturdy-pass-42', stored)).toBe(true);
      expect(await verifyPassword('Sturdy-pass-43', stored)).toBe(false);
    }
  });

  it('keeps one decoy per cost, made at that cost, so an unknown user is checked as long as a member', async () => {
    const decoy = await decoyHash(10);
    expect(decoy).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await decoyHash(10)).toBe(decoy);
    expect(await decoyHash(15)).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('anything', decoy)).toBe(false);
  });
});

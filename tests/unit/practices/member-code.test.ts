import { randomBytes } from 'node:crypto';
import { isMemberCode, memberCodeOf, normalMemberCode, paxIdOfMemberCode } from '../../../server/practices/member-code';

const key = randomBytes(32);

describe('member codes', () => {
  it('spell every id as 8 characters without look-alike letters, and read back to the same id', () => {
    const ids = [1, 2, 3, 999, 1_000_000, 2 ** 40 - 1, ...Array.from({ length: 2000 }, (_, i) => 1 + i * 7919)];
    for (const id of ids) {
      const code = memberCodeOf(key, id);
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(paxIdOfMemberCode(key, code)).toBe(id);
    }
  });

  it('never give two members one code, and follow no order a guess could walk', () => {
    const codes = Array.from({ length: 20_000 }, (_, i) => memberCodeOf(key, i + 1));
    expect(new Set(codes).size).toBe(codes.length);
    const sorted = [...codes].sort();
    expect(sorted.slice(0, 50)).not.toEqual(codes.slice(0, 50));
  });

  it('depend on the key: another programme codes the same member otherwise', () => {
    expect(memberCodeOf(randomBytes(32), 42)).not.toBe(memberCodeOf(key, 42));
  });

  it('read what people type: lower case, spaces and hyphens, O for 0 and I or L for 1', () => {
    const code = memberCodeOf(key, 12345);
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`.replace(/0/g, 'o').replace(/1/g, 'l');
    expect(normalMemberCode(typed)).toBe(code);
    expect(paxIdOfMemberCode(key, typed)).toBe(12345);
    expect(isMemberCode('ABCD')).toBe(false);
    expect(isMemberCode('ABCDEFGU')).toBe(false);
    expect(paxIdOfMemberCode(key, 'not a code at all')).toBeUndefined();
  });
});

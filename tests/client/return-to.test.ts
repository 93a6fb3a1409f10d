import { rememberReturnTo, takeReturnTo } from '../../client/src/lib/return-to';

const memory = () => {
  const m = new Map<string, string>();
  return { setItem: (k: string, v: string) => void m.set(k, v), getItem: (k: string) => m.get(k) ?? null, removeItem: (k: string) => void m.delete(k) };
};

describe('where sign-in returns to', () => {
  it('is a path of this site, taken once', () => {
    const s = memory();
    rememberReturnTo('/wallet/rewards?utm_campaign=spring', s);
    expect(takeReturnTo(s)).toBe('/wallet/rewards?utm_campaign=spring');
    expect(takeReturnTo(s)).toBeNull();
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example/x', 'wallet'])('is never %s', (path) => {
    const s = memory();
    rememberReturnTo(path, s);
    expect(takeReturnTo(s)).toBeNull();
  });
});

import { act, render } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { Router } from 'wouter';
import { RedirectAfterSignIn } from '../../client/src/components/guards/redirect-after-sign-in';
import { forgetReturnTo, peekReturnTo, rememberReturnTo } from '../../client/src/lib/return-to';

const memory = () => {
  const m = new Map<string, string>();
  return { setItem: (k: string, v: string) => void m.set(k, v), getItem: (k: string) => m.get(k) ?? null, removeItem: (k: string) => void m.delete(k) };
};

describe('where sign-in returns to', () => {
  it('is a path of this site, read as often as asked until it is forgotten', () => {
    const s = memory();
    rememberReturnTo('/wallet/rewards?utm_campaign=spring', s);
    expect(peekReturnTo(s)).toBe('/wallet/rewards?utm_campaign=spring');
    expect(peekReturnTo(s)).toBe('/wallet/rewards?utm_campaign=spring');
    forgetReturnTo(s);
    expect(peekReturnTo(s)).toBeNull();
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example/x', 'wallet'])('is never %s', (path) => {
    const s = memory();
    rememberReturnTo(path, s);
    expect(peekReturnTo(s)).toBeNull();
  });
});

describe('the redirect after signing in', () => {
  beforeEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '', '/login');
  });

  // The member chrome's code is loaded lazily: at the first sign-in of a tab its render suspends, React throws the
  // render away and renders again once the code is in. Taking the path in the first render sent the member to /home.
  it('goes to the page asked for even when its first render is thrown away', async () => {
    let arrive!: () => void;
    const loaded = new Promise<void>((resolve) => (arrive = resolve));
    const Chrome = lazy(async () => {
      await loaded;
      return { default: () => <nav>member chrome</nav> };
    });
    rememberReturnTo('/wallet/rewards?utm_campaign=spring');
    render(
      <Router>
        <Suspense fallback={<p>loading</p>}>
          <Chrome />
          <RedirectAfterSignIn />
        </Suspense>
      </Router>,
    );
    expect(window.location.pathname).toBe('/login');
    await act(async () => {
      arrive();
      await loaded;
    });
    expect(window.location.pathname + window.location.search).toBe('/wallet/rewards?utm_campaign=spring');
    expect(peekReturnTo()).toBeNull();
  });

  it('goes to /home when no page was asked for', () => {
    render(
      <Router>
        <RedirectAfterSignIn />
      </Router>,
    );
    expect(window.location.pathname).toBe('/home');
  });
});

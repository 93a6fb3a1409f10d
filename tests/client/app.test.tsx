import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../client/src/app/app';
import { sessionAuthenticated, sessionEnded } from '../../client/src/session/session-events';
import { livePointsReceived } from '../../client/src/stores/points';
import { fakeFetch, problem, type Reply } from './support/fake-http';
import { memberAnswer, sessionHarness, storeSession } from './support/session-harness';

class SilentEventSource {
  onopen = null;
  onerror = null;
  addEventListener() {}
  close() {}
}

const memberRoutes: Record<string, Reply> = {
  'GET /api/rest/authenticate/keepalive': { status: 200 },
  'GET /api/rest/participants/7': { status: 200, body: memberAnswer.pax },
  'GET /api/rest/participants/7/points': { status: 200, body: { balance: 1250, pending: 100, expiring: [] } },
  'POST /api/rest/live/tickets': { status: 201, body: { ticket: 't' } },
  'POST /api/rest/authenticate/logout': { status: 204 },
  'GET /api/access/admin': problem(403, 'Admins only', 'forbidden'),
};

const renderApp = (path: string, routes: Record<string, Reply>) => {
  const http = fakeFetch(routes);
  globalThis.fetch = http.fetch as unknown as typeof fetch;
  const location = memoryLocation({ path, record: true });
  const { deps } = sessionHarness(routes);
  deps.navigate = (to) => location.navigate(to);
  deps.lifecycle = {
    authenticated: (user, impersonated) => sessionAuthenticated({ user, impersonated }),
    ended: () => sessionEnded(),
  };
  render(
    <Router hook={location.hook}>
      <App sessionDeps={deps} />
    </Router>,
  );
  return { location, http, deps };
};

const currentPath = (location: ReturnType<typeof memoryLocation>) => location.history?.at(-1);

beforeAll(() => {
  Object.assign(globalThis, { EventSource: SilentEventSource });
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  act(() => sessionEnded());
  jest.restoreAllMocks();
});

describe('the app shell', () => {
  describe('when nobody is signed in', () => {
    it('sends a member route to /login and shows the public top bar', async () => {
      const { location } = renderApp('/home', {});
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
      expect(currentPath(location)).toBe('/login');
      expect(screen.getByRole('link', { name: 'SIGN IN' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'JOIN NOW' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Membership perks' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'find a specialist' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Our brands' })).toBeTruthy();
    });

    it('sends /admin-tools to /login', async () => {
      const { location } = renderApp('/admin-tools', {});
      await screen.findByRole('heading', { name: 'Sign in' });
      expect(currentPath(location)).toBe('/login');
    });

    it('shows the landing page at / and a not-found page for unknown routes', async () => {
      renderApp('/', {});
      expect(await screen.findByRole('heading', { name: 'Membership perks' })).toBeTruthy();
      renderApp('/no-such-page', {});
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    });
  });

  describe('when a member signs in', () => {
    it('lands on /home with their name and live balance', async () => {
      const { location, http } = renderApp('/login', {
        ...memberRoutes,
        'POST /api/rest/authenticate/login': { status: 200, body: memberAnswer },
      });
      fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: 'member@example.com' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Rewards-demo-1' } });
      fireEvent.click(screen.getByRole('button', { name: 'SIGN IN' }));

      expect(await screen.findByRole('heading', { name: 'Welcome back, Mia Member' })).toBeTruthy();
      expect(currentPath(location)).toBe('/home');
      await waitFor(() => expect(screen.getByTestId('points-balance').textContent).toBe('1,250'));
      expect(http.calls.find((c) => c.url === '/api/rest/participants/7/points')?.headers['auth-token']).toBe('token-member');

      act(() => {
        livePointsReceived({ paxId: 7, balance: 1750, pending: 0, position: '9' });
      });
      expect(screen.getByTestId('points-balance').textContent).toBe('1,750');
      act(() => {
        livePointsReceived({ paxId: 8, balance: 5, pending: 0, position: '10' });
      });
      expect(screen.getByTestId('points-balance').textContent).toBe('1,750');
    });

    it('shows the problem detail of a refused sign-in', async () => {
      renderApp('/login', { 'POST /api/rest/authenticate/login': problem(401, 'Invalid e-mail address or password.') });
      fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: 'member@example.com' } });
      fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
      fireEvent.click(screen.getByRole('button', { name: 'SIGN IN' }));
      expect((await screen.findByRole('alert')).textContent).toContain('Invalid e-mail address or password.');
    });
  });

  describe('when a member is signed in', () => {
    it('shows member navigation without Admin Tools, and sends /admin-tools to /home', async () => {
      storeSession();
      const { location } = renderApp('/admin-tools', memberRoutes);
      expect(await screen.findByRole('heading', { name: /Welcome back/ })).toBeTruthy();
      expect(currentPath(location)).toBe('/home');
      expect(await screen.findByRole('link', { name: 'Wallet' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Earn' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Admin Tools' })).toBeNull();
    });

    it('signs out from the account menu and goes to /login', async () => {
      storeSession();
      const { location, http } = renderApp('/home', memberRoutes);
      fireEvent.click(await screen.findByRole('button', { name: /Mia/ }));
      expect(await screen.findByText(/^Good (morning|afternoon|evening), Mia$/)).toBeTruthy();
      for (const item of ['Profile', 'Activity Summary', 'Find a Specialist', 'Buy Gift Certificates', 'Refer a Friend', 'FAQs']) {
        expect(screen.getByText(item)).toBeTruthy();
      }
      fireEvent.click(screen.getByText('Sign Out'));
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
      expect(currentPath(location)).toBe('/login');
      expect(http.calls.length).toBeGreaterThan(0);
      expect(localStorage.getItem('token')).toBeNull();
    });
  });

  describe('when an admin impersonates a member', () => {
    it('shows the impersonation banner, no Admin Tools link, and keeps them out of /admin-tools', async () => {
      storeSession();
      localStorage.setItem('impersonated', 'true');
      const { location, http } = renderApp('/admin-tools', { ...memberRoutes, 'GET /api/access/admin': { status: 200, body: { admin: true } } });
      expect(await screen.findByText('YOU ARE LOGGED IN AS Mia Member')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'LEAVE SESSION' })).toBeTruthy();
      expect(currentPath(location)).toBe('/home');
      expect(screen.queryByRole('link', { name: 'Admin Tools' })).toBeNull();
      expect(http.calls.map((c) => c.url)).not.toContain('/api/access/admin');
    });
  });

  describe('when an admin is signed in', () => {
    it('shows Admin Tools and the admin tools page, in the admin tools’ own frame', async () => {
      storeSession();
      renderApp('/admin-tools', { ...memberRoutes, 'GET /api/access/admin': { status: 200, body: { admin: true } } });
      expect(await screen.findByRole('heading', { name: 'Admin Tools' })).toBeTruthy();
      expect(within(screen.getByRole('main')).getByRole('link', { name: 'Give Points' }).getAttribute('href')).toBe('/admin-tools/give-points');
      const tools = await screen.findByRole('navigation', { name: 'Admin tools' });
      expect(within(tools).getByRole('link', { name: 'All tools' }).getAttribute('href')).toBe('/admin-tools');
      expect(within(tools).getByRole('link', { name: 'Give Points' }).getAttribute('href')).toBe('/admin-tools/give-points');
      expect(screen.queryByRole('navigation', { name: 'Member' })).toBeNull();
    });

    it('shows Admin Tools in the member navigation on the portal’s pages', async () => {
      storeSession();
      renderApp('/home', { ...memberRoutes, 'GET /api/access/admin': { status: 200, body: { admin: true } } });
      const memberNav = await screen.findByRole('navigation', { name: 'Member' });
      expect((await within(memberNav).findByRole('link', { name: 'Admin Tools' })).getAttribute('href')).toBe('/admin-tools');
    });
  });
});

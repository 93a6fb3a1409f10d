import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const demoPassword = 'Rewards-demo-1';
export const member = { email: 'member@example.com', password: demoPassword };
export const admin = { email: 'admin@example.com', password: demoPassword };

export async function signInThroughPage(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();
}

/**
 * Signed in through the API (the real password check), with the session put where the client keeps it before the
 * next page loads, as a sign-in through the page leaves it. For tests whose subject is not signing in and whose next
 * step opens a page of its own: the /home a sign-in lands on is never drawn (issue 29: the suite's time). Put once per
 * tab, so a sign-out later in the test stays signed out.
 */
export async function signInAs(page: Page, user: { email: string; password: string }): Promise<LoginAnswer> {
  const session = await signInThroughApi(page.request, user);
  await page.addInitScript(
    ({ token, stored }) => {
      if (sessionStorage.getItem('e2e-session-put')) return;
      sessionStorage.setItem('e2e-session-put', 'yes');
      localStorage.setItem('token', token);
      localStorage.setItem('user', stored);
    },
    { token: session.authToken, stored: JSON.stringify({ authToken: session.authToken, pax: session.pax, events: [] }) },
  );
  return session;
}

export interface LoginAnswer {
  authToken: string;
  pax: { paxId: number; firstName: string; lastName: string };
}

export async function signInThroughApi(request: APIRequestContext, user: { email: string; password: string }): Promise<LoginAnswer> {
  const response = await request.post('/api/rest/authenticate/login', { data: { username: user.email, password: user.password } });
  expect(response.status()).toBe(200);
  return (await response.json()) as LoginAnswer;
}

/**
 * A member of one test only, enrolled through the API: for tests that write to a member's history, since the demo
 * member's first activity page is read by other tests.
 */
export async function enrollFreshMember(request: APIRequestContext, names: { firstName: string; lastName: string }): Promise<LoginAnswer> {
  const enrolled = await request.post('/api/rest/enrollment', {
    data: {
      ...names,
      email: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'Sturdy-pass-42',
      postalCode: '92612',
      dateOfBirth: '1990-01-01',
      termsAccepted: true,
    },
  });
  expect(enrolled.status()).toBe(201);
  return (await enrolled.json()) as LoginAnswer;
}

export const storedPaxId = (page: Page): Promise<number> =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? 'null') as { pax: { paxId: number } }).pax.paxId);

export const pointsShown = async (page: Page): Promise<number> => {
  const balance = page.getByTestId('points-balance');
  await expect(balance).toHaveText(/^\d[\d,]*$/);
  return Number((await balance.textContent())?.replace(/,/g, ''));
};

/**
 * Starts an impersonation through the API and opens its session in the page, as the admin tool's Impersonate button
 * leaves it (the session, its token and the impersonation flag in storage).
 */
export async function impersonateInPage(page: Page, request: APIRequestContext, adminToken: string, paxId: number): Promise<void> {
  const started = await request.post('/api/rest/authenticate/impersonate', { headers: { 'auth-token': adminToken }, data: { paxId } });
  expect(started.status()).toBe(200);
  const session = (await started.json()) as { authToken: string; pax: unknown };
  await page.goto('/landing');
  await page.evaluate((s) => {
    localStorage.setItem('user', JSON.stringify({ authToken: s.authToken, pax: s.pax, events: [] }));
    localStorage.setItem('token', s.authToken);
    localStorage.setItem('impersonated', 'true');
  }, session);
}

/**
 * Opens the portal signed in with a session got through the API (a fresh member's enrollment answer, say), as a
 * browser that signed in before would hold it, without the sign-in page.
 */
export async function openSession(page: Page, session: { authToken: string; pax: unknown }): Promise<void> {
  await page.goto('/login');
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    },
    { token: session.authToken, user: { authToken: session.authToken, pax: session.pax, events: [] } },
  );
}

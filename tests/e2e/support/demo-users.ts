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

export interface LoginAnswer {
  authToken: string;
  pax: { paxId: number; firstName: string; lastName: string };
}

export async function signInThroughApi(request: APIRequestContext, user: { email: string; password: string }): Promise<LoginAnswer> {
  const response = await request.post('/api/rest/authenticate/login', { data: { username: user.email, password: user.password } });
  expect(response.status()).toBe(200);
  return (await response.json()) as LoginAnswer;
}

export const storedPaxId = (page: Page): Promise<number> =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? 'null') as { pax: { paxId: number } }).pax.paxId);

export const pointsShown = async (page: Page): Promise<number> => {
  const balance = page.getByTestId('points-balance');
  await expect(balance).toHaveText(/^\d[\d,]*$/);
  return Number((await balance.textContent())?.replace(/,/g, ''));
};

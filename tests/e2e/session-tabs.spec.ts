import { expect, test } from './support/test';
import { member, signInThroughPage } from './support/demo-users';

test('signing out in one tab signs out the other', async ({ context }) => {
  const first = await context.newPage();
  await signInThroughPage(first, member);
  const second = await context.newPage();
  await second.goto('/home');
  await expect(second.getByRole('heading', { name: /^Welcome back/ })).toBeVisible();

  await first.getByRole('button', { name: /account menu/i }).click();
  await first.getByRole('menuitem', { name: 'Sign Out' }).click();

  await expect(first).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login$/);
  await expect(second.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await second.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('signing in in one tab signs in the other', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await second.goto('/login');
  await expect(second.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await signInThroughPage(first, member);

  // As a person would look at the other tab: a busy browser may hold a background tab's messages until then.
  await second.bringToFront();
  await expect(second).toHaveURL(/\/home$/, { timeout: 20_000 });
});

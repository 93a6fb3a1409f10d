import { expect, test } from './support/test';
import { enrollFreshMember } from './support/demo-users';

/** Issue 27: a signed-out member opening a link to /wallet/rewards landed on /home after signing in. */
test('a signed-out member opening a member link signs in and lands on the page asked for; after a sign-out the next sign-in starts at /home', async ({
  page,
  request,
}) => {
  const fresh = await enrollFreshMember(request, { firstName: 'Reta', lastName: 'Return' });
  const email = (
    (await (await request.get(`/api/rest/participants/${fresh.pax.paxId}/emails`, { headers: { 'auth-token': fresh.authToken } })).json()) as {
      emailAddress: string;
    }[]
  )[0].emailAddress;
  const signIn = async () => {
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill('Sturdy-pass-42');
    await page.getByRole('button', { name: 'SIGN IN' }).click();
  };

  await page.goto('/wallet/rewards?utm_campaign=spring');
  await expect(page).toHaveURL(/\/login/);
  await signIn();
  await expect(page).toHaveURL(/\/wallet\/rewards\?utm_campaign=spring$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Rewards' })).toBeVisible();

  // Signing out from that page is not a request for it: the next sign-in on this device starts at /home.
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn();
  await expect(page).toHaveURL(/\/home$/);
});

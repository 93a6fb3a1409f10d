import { randomUUID } from 'node:crypto';
import { expect, test, type Locator } from './support/test';
import { admin, signInThroughApi } from './support/demo-users';

const height = async (l: Locator) => (await l.boundingBox())?.height ?? 0;

/**
 * Issue: the offer-claim dialog opened over the survey invitation (two overlays at once), and on a phone the safety
 * bar and the invitation covered 45% of the screen. One overlay at a time; the pair leaves most of a phone's screen.
 */
test('on a phone, a campaign sign-in shows the offer first and the survey invitation only after it, and the invitation with the safety bar covers under a third of the screen', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { authToken } = await signInThroughApi(request, admin);
  const campaigns = (await (await request.get('/api/rest/dr-campaigns', { headers: { 'auth-token': authToken } })).json()) as {
    id: number;
    mkCode: string | null;
  }[];
  const spring = campaigns.find((c) => c.mkCode === 'SPRING')!;
  const email = `overlay-${randomUUID()}@example.com`;
  expect(
    (
      await request.post('/api/rest/enrollment', {
        data: { firstName: 'Ola', lastName: 'Overlay', email, password: 'Sturdy-pass-42', postalCode: '92612', dateOfBirth: '1990-01-01', termsAccepted: true },
      })
    ).status(),
  ).toBe(201);

  await page.goto(`/login?utm_id=${spring.id}&utm_campaign=spring`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill('Sturdy-pass-42');
  await page.getByRole('button', { name: 'SIGN IN' }).click();

  const offer = page.getByRole('dialog', { name: 'CONGRATULATIONS!' });
  const invitation = page.getByRole('dialog', { name: 'SHARE YOUR THOUGHTS' });
  await expect(offer).toBeVisible();
  // The demo survey is open to every member: the invitation is due, but waits for the offer to be dismissed.
  // An absence check: watched for half a second (the invitation is due, so it would show by then if it did not wait).
  await page.waitForTimeout(500);
  await expect(invitation).toHaveCount(0);
  await offer.getByRole('button', { name: 'CLOSE', exact: true }).click();
  await expect(offer).toHaveCount(0);
  await expect(invitation).toBeVisible();

  const covered = (await height(invitation)) + (await height(page.getByTestId('isi-bar')));
  expect(covered / 844, `invitation + safety bar cover ${covered}px of 844`).toBeLessThan(1 / 3);
});

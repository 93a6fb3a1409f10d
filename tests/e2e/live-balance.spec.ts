import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { admin, member, pointsShown, signInThroughApi, signInThroughPage, storedPaxId } from './support/demo-users';

type MarkedWindow = Window & { e2eMarker?: string };

test('a member sees points an admin gives them land on /home without a reload', async ({ page, request }) => {
  const streamOpen = page.waitForResponse((r) => r.url().includes('/api/rest/live?') && r.status() === 200);
  await signInThroughPage(page, member);
  await streamOpen;
  const before = await pointsShown(page);
  const paxId = await storedPaxId(page);
  await page.evaluate(() => {
    (window as MarkedWindow).e2eMarker = 'same document';
  });
  const pointsReads: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(`/participants/${paxId}/points`)) pointsReads.push(r.url());
  });

  const { authToken } = await signInThroughApi(request, admin);
  const award = await request.post(`/api/rest/admin/participants/${paxId}/points`, {
    headers: { 'auth-token': authToken },
    data: { amount: 250, description: 'E2E live balance bonus', idempotencyKey: randomUUID() },
  });
  expect(award.status()).toBe(201);
  expect(((await award.json()) as { balance: number }).balance).toBe(before + 250);

  await expect(page.getByTestId('points-balance')).toHaveText((before + 250).toLocaleString('en-US'));
  expect(await page.evaluate(() => (window as MarkedWindow).e2eMarker)).toBe('same document');
  await expect(page).toHaveURL(/\/home$/);
  expect(pointsReads, 'the new balance arrived over the live stream, not by re-reading').toEqual([]);
});

import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test';
import { signInThroughPage } from './support/demo-users';

test('a member downloads their data from the profile page: one JSON file with their details and history', async ({ page, request }) => {
  const email = `e2e-my-data-${Date.now()}@example.com`;
  const password = 'Sturdy-pass-42';
  const enrolled = await request.post('/api/rest/enrollment', {
    data: {
      firstName: 'Rowan',
      lastName: 'Downloader',
      email,
      password,
      postalCode: '92612',
      dateOfBirth: '1990-01-01',
      termsAccepted: true,
      phone: '714-555-0188',
    },
  });
  expect(enrolled.status()).toBe(201);
  const paxId = ((await enrolled.json()) as { pax: { paxId: number } }).pax.paxId;

  await signInThroughPage(page, { email, password });
  await page.goto('/profile/personal-info');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`rewards-data-${paxId}.json`);
  const doc = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
    paxId: number;
    profile: { firstName: string; lastName: string; signInEmail: string };
    contacts: { phones: { phone: string }[] };
    ledger: { entries: unknown[] };
    sessions: unknown[];
    accessLog: unknown[];
  };
  expect(doc.paxId).toBe(paxId);
  expect(doc.profile).toMatchObject({ firstName: 'Rowan', lastName: 'Downloader', signInEmail: email });
  expect(doc.contacts.phones).toEqual([{ phone: '7145550188', preferred: true }]);
  expect(doc.sessions.length).toBeGreaterThanOrEqual(1);
  expect(doc.accessLog).toEqual([]);
});

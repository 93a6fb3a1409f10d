import { expect, test } from './support/test';
import { admin, member, signInThroughApi } from './support/demo-users';

const cda = '/cda/spaces/rewards-local/environments/master/entries';

interface Collection {
  sys: { type: string };
  total: number;
  skip: number;
  limit: number;
  items: { sys: { id: string; type: string; contentType: { sys: { id: string } } }; fields: Record<string, unknown> }[];
  includes: { Entry: unknown[]; Asset: unknown[] };
}

test.describe('the Contentful-compatible delivery endpoint', () => {
  test('filters by content type, field equality and [in] lists, orders, skips and limits', async ({ request }) => {
    const isi = (await (await request.get(`${cda}?content_type=importantSafetyInformation&fields.siteId=rewards&order=fields.order`)).json()) as Collection;
    expect(isi.sys.type).toBe('Array');
    expect(isi.includes).toEqual({ Entry: [], Asset: [] });
    expect(isi.total).toBe(4);
    const orders = isi.items.map((i) => i.fields.order as number);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(isi.items[0].sys).toMatchObject({ type: 'Entry', contentType: { sys: { id: 'importantSafetyInformation' } } });

    const desc = (await (await request.get(`${cda}?content_type=importantSafetyInformation&order=-fields.order&skip=1&limit=2`)).json()) as Collection;
    expect(desc).toMatchObject({ total: 4, skip: 1, limit: 2 });
    expect(desc.items.map((i) => i.fields.order)).toEqual([orders[2], orders[1]]);

    const brandB = (await (await request.get(`${cda}?content_type=importantSafetyInformation&fields.brand=BRAND_B`)).json()) as Collection;
    expect(brandB.items.every((i) => i.fields.brand === 'BRAND_B')).toBe(true);

    const byIds = (await (await request.get(`${cda}?sys.id[in]=pi-brand_a,brand-brand_b`)).json()) as Collection;
    expect(byIds.items.map((i) => i.sys.id).sort()).toEqual(['brand-brand_b', 'pi-brand_a']);

    const copy = (await (await request.get(`${cda}?content_type=textCopy&fields.key=nothing-here`)).json()) as Collection;
    expect(copy.total).toBe(0);
  });

  test('admins insert and update content, audited; members may not', async ({ request }) => {
    const { authToken: memberToken } = await signInThroughApi(request, member);
    expect(
      (
        await request.post('/api/rest/content/insert', { headers: { 'auth-token': memberToken }, data: { id: 'x', contentType: 'textCopy', fields: {} } })
      ).status(),
    ).toBe(403);

    const { authToken } = await signInThroughApi(request, admin);
    const headers = { 'auth-token': authToken };
    const id = `copy-e2e-${Date.now()}`;
    const created = await request.post('/api/rest/content/insert', {
      headers,
      data: { id, contentType: 'textCopy', fields: { key: id, copy: { text: 'First' } } },
    });
    expect(created.status()).toBe(201);
    expect((await request.post('/api/rest/content/insert', { headers, data: { id, contentType: 'textCopy', fields: {} } })).status()).toBe(409);
    const updated = await request.put('/api/rest/content/update', { headers, data: { id, fields: { key: id, copy: { text: 'Second' } } } });
    expect(updated.status()).toBe(200);
    const delivered = (await (await request.get(`${cda}?content_type=textCopy&fields.key=${id}`)).json()) as Collection;
    expect(delivered.items[0].fields.copy).toEqual({ text: 'Second' });
    const audit = (await (await request.get(`/api/rest/content/${id}/audit`, { headers })).json()) as { action: string }[];
    expect(audit.map((a) => a.action)).toEqual(['inserted', 'updated']);
    expect((await request.put('/api/rest/content/update', { headers, data: { id: 'no-such-entry', fields: {} } })).status()).toBe(404);
    expect((await request.post('/api/rest/content/insert', { headers, data: { id: 'bad id!', contentType: 'textCopy', fields: {} } })).status()).toBe(400);
  });
});

test.describe('content in the shell', () => {
  test('prescribing information, safety information with its sticky bar, and the footer come from content', async ({ page }) => {
    await page.goto('/prescribing-information');
    await expect(page.getByTestId('pi-entry')).toHaveCount(2);
    await expect(page.getByTestId('pi-entry').first()).toContainText('Brand A Aesthetics');
    const bar = page.getByTestId('isi-bar');
    await expect(bar).toBeVisible();
    await expect(bar).toContainText('IMPORTANT SAFETY INFORMATION');
    await bar.getByRole('button').click();
    await expect(page.locator('#important-safety-information')).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Return to Top' })).toHaveCount(2);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('openIsi', { detail: { brand: 'BRAND_B' } })));
    await expect(page.locator('#isi-brand-b')).toBeInViewport();
    await page.locator('#isi-brand-b').getByRole('link', { name: 'Return to Top' }).click();
    await expect(page.getByRole('heading', { name: 'Prescribing Information', level: 1 })).toBeInViewport();

    const footer = page.getByRole('contentinfo');
    for (const name of [
      'Prescribing Information',
      'Legal',
      'FAQ',
      'Contact',
      'Terms & Conditions',
      'About',
      'Contact company',
      'Your Privacy Choices',
      'Privacy Policy',
      'Cookie Policy',
      'Cookies Settings',
      'Consumer Health Data Privacy Policy',
    ])
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(page.getByTestId('review-code')).toHaveText('RWD-DEMO-2026');
    await expect(footer.getByRole('link', { name: /go to start page/ })).toHaveAttribute('href', '/landing');
    await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();
  });

  test('content pages: FAQ, terms, contact, cookie policy', async ({ page }) => {
    for (const [path, heading] of [
      ['/faq', 'Frequently Asked Questions'],
      ['/terms', 'Terms & Conditions'],
      ['/contact', 'Contact Us'],
      ['/cookie-policy', 'Cookie Policy'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.locator('.content-page__section').first()).toBeVisible();
    }
  });

  test('an admin edit shows on the next visit; a hidden sticky bar stays hidden', async ({ page, request }) => {
    const { authToken } = await signInThroughApi(request, admin);
    const headers = { 'auth-token': authToken };
    const global = (await (await request.get('/api/rest/content/global-rewards', { headers })).json()) as { fields: Record<string, unknown> };
    try {
      await request.put('/api/rest/content/update', {
        headers,
        data: { id: 'global-rewards', fields: { ...global.fields, reviewCode: 'E2E-CODE-1', hideIsiHeader: true } },
      });
      await page.goto('/faq');
      await expect(page.getByTestId('review-code')).toHaveText('E2E-CODE-1');
      await expect(page.getByTestId('isi-bar')).toBeHidden();
    } finally {
      await request.put('/api/rest/content/update', { headers, data: { id: 'global-rewards', fields: global.fields } });
    }
  });
});

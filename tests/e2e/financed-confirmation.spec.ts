import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { admin, signInThroughApi } from './support/demo-users';

/** Issue: the e-mail's relative link landed on "Page not found" and a financed treatment could never be confirmed from it. */
test('a financed treatment is confirmed from the absolute link in its e-mail, without signing in; a second use says it was already confirmed', async ({
  page,
  request,
}) => {
  const email = `financed-${randomUUID()}@example.com`;
  const enrolled = await request.post('/api/rest/enrollment', {
    data: { firstName: 'Fiona', lastName: 'Financed', email, password: 'Sturdy-pass-42', postalCode: '92612', dateOfBirth: '1990-01-01', termsAccepted: true },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const { pax, authToken: memberToken } = (await enrolled.json()) as { pax: { paxId: number }; authToken: string };
  const products = (await (await request.get('/api/rest/products', { headers: { 'auth-token': memberToken } })).json()) as {
    id: number;
    category: string;
    name: string;
  }[];
  const product = products.find((p) => p.category === 'TREATMENT') ?? products[0];
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const reported = await request.post('/api/rest/treatments', {
    headers: { 'x-api-key': 'demo-practice-key' },
    data: {
      externalId: `financed-${randomUUID()}`,
      paxId: pax.paxId,
      dateOfService: yesterday,
      hcpName: 'Dr. Frances Lender',
      financed: true,
      lineItems: [{ productId: product.id, quantity: 3, injector: { firstName: 'Jamie', lastName: 'Injector' } }],
    },
  });
  expect(reported.status(), await reported.text()).toBe(202);
  expect((await reported.json()) as { status: string }).toMatchObject({ status: 'PENDING_APPROVAL' });

  const { authToken } = await signInThroughApi(request, admin);
  const mailbox = (await (await request.get('/api/rest/admin/outbox', { headers: { 'auth-token': authToken }, params: { recipient: email } })).json()) as {
    subject: string;
    body: string;
  }[];
  const message = mailbox.find((m) => m.subject === 'Confirm your treatment');
  expect(message, JSON.stringify(mailbox)).toBeDefined();
  const link = /(https?:\/\/\S+\/treatments\/[0-9a-f-]+\/confirm\?token=\S+)/.exec(message!.body)?.[1];
  expect(link, message!.body).toBeDefined();

  // The link is absolute; open its path on the server under test (PUBLIC_URL names the same server).
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'Confirm your financed treatment' })).toBeVisible();
  const summary = page.getByTestId('treatment-summary');
  await expect(summary).toContainText('Dr. Frances Lender');
  await expect(summary).toContainText(`${product.name} × 3`);
  await expect(summary).toContainText('Harbor Aesthetics Demo Practice');
  await expectNoSeriousViolations(page, 'treatment confirmation');
  await page.getByRole('button', { name: 'CONFIRM THIS TREATMENT' }).click();
  await expect(page.getByRole('status')).toContainText('your treatment is confirmed');

  const treatmentId = url.pathname.split('/')[2];
  const view = await request.get(`/api/rest/treatments/${treatmentId}/confirmation`, { params: { token: url.searchParams.get('token')! } });
  expect(((await view.json()) as { treatment: { status: string } }).treatment.status).toBe('PENDING');

  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('status')).toContainText('already confirmed with this link');
  await expect(page.getByRole('button', { name: 'CONFIRM THIS TREATMENT' })).toHaveCount(0);

  await page.goto(`${url.pathname}?token=not-the-token`);
  await expect(page.getByRole('alert')).toContainText('This link does not work');
  await expect(page.getByText('Dr. Frances Lender')).toHaveCount(0);
});

import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { daysAgo, lineItem, postTreatment, seededProducts, today, treatmentBody, type SeededProducts } from './treatment-helpers';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let member: { token: string; paxId: number };
let products: SeededProducts;
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = await s.login(DEMO.admin.email);
  member = await s.login(DEMO.member.email);
  products = await seededProducts(s, member.token);
});
afterAll(() => s.stop());

const fieldsOf = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path);

describe('who may post a treatment', () => {
  it('accepts a practice key and an admin token, and answers 202 PENDING', async () => {
    const byKey = await postTreatment(s, treatmentBody(member.paxId, [lineItem(products.treatment.id, 10)]));
    expect(byKey.status).toBe(202);
    expect(byKey.body).toEqual({ treatmentId: expect.any(String), status: 'PENDING' });
    const byAdmin = await postTreatment(s, treatmentBody(member.paxId, [lineItem(products.treatment.id, 10)]), { token: admin.token });
    expect(byAdmin.status).toBe(202);
  });

  it('refuses no key, an unknown key and a revoked key with 401, and a member with 403', async () => {
    const body = treatmentBody(member.paxId, [lineItem(products.treatment.id, 1)]);
    expect((await postTreatment(s, body, {})).status).toBe(401);
    expect((await postTreatment(s, body, { apiKey: 'not-a-key' })).status).toBe(401);
    const issued = await s.call('POST', '/api/rest/admin/practices/1/api-keys', { token: admin.token, body: { label: 'front desk' } });
    expect(issued.status).toBe(201);
    expect((await postTreatment(s, treatmentBody(member.paxId, [lineItem(products.treatment.id, 1)]), { apiKey: issued.body.apiKey })).status).toBe(202);
    const revoked = await s.call('POST', `/api/rest/admin/practices/1/api-keys/${issued.body.apiKeyId}/revoke`, { token: admin.token });
    expect(revoked.status).toBe(204);
    expect((await postTreatment(s, body, { apiKey: issued.body.apiKey })).status).toBe(401);
    expect((await postTreatment(s, body, { token: member.token })).status).toBe(403);
  });

  it('lets only admins issue keys, and the key is stored only as a hash', async () => {
    expect((await s.call('POST', '/api/rest/admin/practices/1/api-keys', { token: member.token, body: {} })).status).toBe(403);
    expect((await s.call('POST', '/api/rest/admin/practices/999/api-keys', { token: admin.token, body: {} })).status).toBe(404);
    const issued = await s.call('POST', '/api/rest/admin/practices/1/api-keys', { token: admin.token, body: {} });
    const stored = await s.runtime.deps.pool.query('SELECT 1 FROM practice_api_keys WHERE key_hash::text LIKE $1', [`%${issued.body.apiKey}%`]);
    expect(stored.rowCount).toBe(0);
  });
});

describe('the same externalId again', () => {
  it('answers 200 with the same treatmentId and records nothing new', async () => {
    const body = treatmentBody(member.paxId, [lineItem(products.treatment.id, 5)]);
    const first = await postTreatment(s, body);
    const again = await postTreatment(s, { ...body, hcpName: 'Changed' });
    expect(first.status).toBe(202);
    expect(again.status).toBe(200);
    expect(again.body.treatmentId).toBe(first.body.treatmentId);
    const stream = await s.runtime.deps.store.readStream(`treatment-${first.body.treatmentId as string}`);
    expect(stream.map((e) => e.type)).toEqual(['TreatmentRecorded']);
  });

  it('records one treatment when two identical posts race', async () => {
    const body = treatmentBody(member.paxId, [lineItem(products.treatment.id, 5)]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => postTreatment(s, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 202]);
    expect(new Set(answers.map((a) => a.body.treatmentId)).size).toBe(1);
    const stream = await s.runtime.deps.store.readStream(`treatment-${answers[0].body.treatmentId as string}`);
    expect(stream).toHaveLength(1);
  });
});

describe('invalid treatments', () => {
  it('names each bad field', async () => {
    const r = await postTreatment(s, {
      ...treatmentBody(member.paxId, [lineItem(products.treatment.id, 0), lineItem(products.treatment.id, 2.5), lineItem(products.treatment.id, 1001)]),
      hcpName: '',
    });
    expect(r.status).toBe(400);
    expect(fieldsOf(r.body)).toEqual(
      expect.arrayContaining(['body.lineItems.0.quantity', 'body.lineItems.1.quantity', 'body.lineItems.2.quantity', 'body.hcpName']),
    );
  });

  it('refuses an unknown or retired product, an unknown member and a future date, naming them', async () => {
    const created = await s.call('POST', '/api/rest/admin/products', {
      token: admin.token,
      body: { name: 'Short-lived product', category: 'TREATMENT', brand: 'BRAND_B', msrpPerUnit: 10, pointsPerUnit: 1 },
    });
    await s.call('POST', `/api/rest/admin/products/${created.body.id as number}/retire`, { token: admin.token });
    const r = await postTreatment(
      s,
      treatmentBody(987654, [lineItem(products.treatment.id, 1), lineItem(999999, 1), lineItem(created.body.id, 1)], { dateOfService: '2999-01-01' }),
    );
    expect(r.status).toBe(400);
    expect(fieldsOf(r.body)).toEqual(expect.arrayContaining(['body.paxId', 'body.lineItems.1.productId', 'body.lineItems.2.productId', 'body.dateOfService']));
    expect(fieldsOf(r.body)).not.toContain('body.lineItems.0.productId');
  });

  it('accepts today as the date of service', async () => {
    expect((await postTreatment(s, treatmentBody(member.paxId, [lineItem(products.treatment.id, 1)], { dateOfService: today() }))).status).toBe(202);
    expect(daysAgo(0)).toBe(today());
  });
});

describe('products', () => {
  it('lists active products to members, and audits every admin change with before and after', async () => {
    const listed = await s.call('GET', '/api/rest/products', { token: member.token });
    expect(listed.status).toBe(200);
    expect(listed.body[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      category: expect.any(String),
      brand: expect.any(String),
      msrpPerUnit: expect.any(Number),
      pointsPerUnit: expect.any(Number),
    });
    expect(new Set(listed.body.map((p: { brand: string }) => p.brand))).toEqual(new Set(['BRAND_A', 'BRAND_B']));
    expect((await s.call('GET', '/api/rest/products')).status).toBe(401);
    expect((await s.call('GET', '/api/rest/products?includeRetired=true', { token: member.token })).status).toBe(403);

    const body = { name: 'Audited product', category: 'PARTNER', brand: 'BRAND_A', msrpPerUnit: 40, pointsPerUnit: 3 };
    expect((await s.call('POST', '/api/rest/admin/products', { token: member.token, body })).status).toBe(403);
    const created = await s.call('POST', '/api/rest/admin/products', { token: admin.token, body });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await s.call('PUT', `/api/rest/admin/products/${id}`, { token: admin.token, body: { ...body, pointsPerUnit: 4 } })).body.pointsPerUnit).toBe(4);
    expect((await s.call('POST', `/api/rest/admin/products/${id}/retire`, { token: admin.token })).body.retired).toBe(true);
    const active = await s.call('GET', '/api/rest/products', { token: member.token });
    expect(active.body.some((p: { id: number }) => p.id === id)).toBe(false);
    const all = await s.call('GET', '/api/rest/products?includeRetired=true', { token: admin.token });
    expect(all.body.some((p: { id: number }) => p.id === id)).toBe(true);

    const audit = await s.call('GET', `/api/rest/admin/audit/products/${id}`, { token: admin.token });
    expect(audit.body.map((a: { action: string }) => a.action)).toEqual(['create', 'update', 'retire']);
    expect(audit.body[1]).toMatchObject({ actor: { kind: 'admin', adminId: admin.paxId }, before: { pointsPerUnit: 3 }, after: { pointsPerUnit: 4 } });
    expect((await s.call('PUT', '/api/rest/admin/products/99999', { token: admin.token, body })).status).toBe(404);
    const bad = await s.call('POST', '/api/rest/admin/products', { token: admin.token, body: { ...body, brand: 'OTHER', pointsPerUnit: -1 } });
    expect(fieldsOf(bad.body)).toEqual(expect.arrayContaining(['body.brand', 'body.pointsPerUnit']));
  });
});

describe('certificate categories', () => {
  it('let admins set nullifyAwards, audited', async () => {
    const body = { certificateCategoryName: 'Staff courtesy', nullifyAwards: true };
    expect((await s.call('PUT', '/api/rest/admin/certificate-categories/staff', { token: member.token, body })).status).toBe(403);
    const saved = await s.call('PUT', '/api/rest/admin/certificate-categories/staff', { token: admin.token, body });
    expect(saved.body).toEqual({
      certificateCategoryCode: 'staff',
      certificateCategoryName: 'Staff courtesy',
      nullifyAwards: true,
      certificateCategoryType: null,
    });
    await s.call('PUT', '/api/rest/admin/certificate-categories/staff', { token: admin.token, body: { ...body, nullifyAwards: false } });
    const listed = await s.call('GET', '/api/rest/admin/certificate-categories', { token: admin.token });
    expect(listed.body).toEqual(expect.arrayContaining([expect.objectContaining({ certificateCategoryCode: 'courtesy', nullifyAwards: true })]));
    const audit = await s.call('GET', '/api/rest/admin/audit/certificate-categories/staff', { token: admin.token });
    expect(audit.body.map((a: { action: string }) => a.action)).toEqual(['create', 'update']);
    expect(audit.body[1]).toMatchObject({ before: { nullifyAwards: true }, after: { nullifyAwards: false } });
    expect(fieldsOf((await s.call('PUT', '/api/rest/admin/certificate-categories/bad code!', { token: admin.token, body })).body)).toEqual(['path.code']);
    const bad = await s.call('PUT', '/api/rest/admin/certificate-categories/staff', { token: admin.token, body: { nullifyAwards: 'yes' } });
    expect(fieldsOf(bad.body)).toEqual(expect.arrayContaining(['body.certificateCategoryName', 'body.nullifyAwards']));
  });
});

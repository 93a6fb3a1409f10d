import { allRoutes } from '../../../server/composition-root';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(30_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; allOf?: Schema[]; anyOf?: Schema[] };
/** Properties and required names of an object schema, through allOf. */
const flatten = (schema: Schema): { properties: Record<string, Schema>; required: string[] } => {
  const parts = schema.allOf ? schema.allOf.map(flatten) : [{ properties: schema.properties ?? {}, required: schema.required ?? [] }];
  return { properties: Object.assign({}, ...parts.map((p) => p.properties)), required: parts.flatMap((p) => p.required) };
};

describe('GET /healthz', () => {
  it('answers 200 with the event-store backend and each projection’s lag, caught up after a write', async () => {
    const admin = await s.login(DEMO.admin.email);
    const member = await s.login(DEMO.member.email);
    const award = await s.call('POST', `/api/rest/admin/participants/${member.paxId}/points`, {
      token: admin.token,
      body: { amount: 10, description: 'health', idempotencyKey: 'health-1' },
    });
    expect(award.status).toBe(201);
    const r = await s.call('GET', '/healthz', { headers: { 'x-wait-for-position': award.body.position } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', eventStore: 'postgresql' });
    const projections = r.body.projections as { name: string; position: string | null; lagEvents: number; lagSeconds: number; eventsApplied: number }[];
    expect(Array.isArray(projections)).toBe(true);
    const memberPoints = projections.find((p) => p.name === 'member-points');
    expect(memberPoints).toMatchObject({ lagEvents: expect.any(Number), lagSeconds: expect.any(Number), eventsApplied: expect.any(Number) });
    expect(memberPoints!.position! >= award.body.position).toBe(true);
    for (const p of projections) {
      expect(p.lagEvents).toBeGreaterThanOrEqual(0);
      expect(p.lagSeconds).toBeGreaterThanOrEqual(0);
    }
  });

  it('needs no session', async () => {
    expect((await s.call('GET', '/healthz')).status).toBe(200);
  });
});

describe('GET /api/rest/openapi.json', () => {
  it('documents every mounted route, and only those', async () => {
    const r = await s.call('GET', '/api/rest/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toMatch(/^3\.1/);
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(r.body.paths as Record<string, Record<string, unknown>>))
      for (const method of Object.keys(ops)) documented.add(`${method.toUpperCase()} ${path}`);
    const mounted = new Set(allRoutes(s.runtime.deps).map((x) => `${x.method.toUpperCase()} ${`${x.mount}${x.path}`.replace(/:(\w+)/g, '{$1}')}`));
    expect([...documented].sort()).toEqual([...mounted].sort());
    for (const must of [
      'POST /api/rest/authenticate/login',
      'GET /api/rest/authenticate/keepalive',
      'POST /api/rest/authenticate/logout',
      'POST /api/rest/enrollment',
      'POST /api/rest/authenticate/forgot-password',
      'POST /api/rest/authenticate/reset-password',
      'POST /api/rest/authenticate/impersonate',
      'POST /api/rest/authenticate/endImpersonate',
      'GET /api/access/admin',
      'GET /api/rest/participants/{paxId}',
      'GET /api/rest/participants/{paxId}/emails',
      'GET /api/rest/participants/{paxId}/phones',
      'GET /api/rest/participants/{paxId}/points',
      'POST /api/rest/admin/participants/{paxId}/points',
      'GET /api/rest/live',
      'POST /api/rest/live/tickets',
      'GET /healthz',
      'GET /api/rest/openapi.json',
    ])
      expect(documented).toContain(must);
  });

  it('every documented operation is really served: none falls through to the catch-all 404, none answers 500', async () => {
    const paths = (await s.call('GET', '/api/rest/openapi.json')).body.paths as Record<string, Record<string, unknown>>;
    const calls = Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method, path: path.replace(/\{\w+\}/g, '1') })));
    expect(calls.length).toBeGreaterThan(15);
    for (const { method, path } of calls) {
      // Anonymous, with an empty body: enough to reach the route without changing anything.
      const r = await s.call(method.toUpperCase(), path, method === 'get' || method === 'delete' ? {} : { body: {} });
      expect({ method, path, status: r.status, fellThrough: r.status === 404 && /This path/.test(r.body?.detail ?? '') }).toMatchObject({ fellThrough: false });
      expect(r.status).toBeLessThan(500);
    }
  });

  it('describes the give-points request body, path parameter, access and problem answers', async () => {
    const doc = (await s.call('GET', '/api/rest/openapi.json')).body;
    const op = doc.paths['/api/rest/admin/participants/{paxId}/points'].post;
    expect(op['x-access']).toBe('admin');
    expect(op.security).toEqual([{ authToken: [] }]);
    expect(op.parameters).toEqual([
      expect.objectContaining({ name: 'paxId', in: 'path', required: true, schema: expect.objectContaining({ type: 'integer' }) }),
    ]);
    const body = flatten(op.requestBody.content['application/json'].schema);
    expect(Object.keys(body.properties).sort()).toEqual(['amount', 'description', 'expirationDate', 'idempotencyKey']);
    expect(body.required.sort()).toEqual(['amount', 'description', 'idempotencyKey']);
    // The codec's rule as constraints (issue 12: minimum, maximum), not just "a number".
    expect(body.properties.amount).toMatchObject({ type: 'integer', minimum: 1, maximum: 100_000 });
    expect(body.properties.description.type).toBe('string');
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '201', '400', '404']));
    expect(op.responses['400'].content['application/problem+json'].schema.required).toEqual(['type', 'title', 'status', 'detail']);
    expect(doc.components.securitySchemes.authToken).toEqual({ type: 'apiKey', in: 'header', name: 'auth-token' });
  });
});

describe('unknown paths', () => {
  it.each([
    ['GET', '/api/rest/whatever'],
    ['POST', '/api/rest/whatever/else'],
    ['GET', '/api/nothing-here'],
    ['DELETE', '/api/rest/authenticate/login'],
  ])('%s %s answers 404 problem+json', async (method, path) => {
    const r = await s.call(method, path, method === 'POST' ? { body: {} } : {});
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(r.body).toMatchObject({ type: expect.stringMatching(/\/not-found$/), status: 404, title: expect.any(String), detail: expect.any(String) });
  });

  it('answers 413 problem+json for a body over the limit, not 500', async () => {
    const r = await s.call('POST', '/api/rest/authenticate/login', { rawBody: JSON.stringify({ username: 'x'.repeat(300_000), password: 'y' }) });
    expect(r.status).toBe(413);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});

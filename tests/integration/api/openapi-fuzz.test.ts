import fc from 'fast-check';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';

/**
 * Walks every operation of the served openapi.json with hostile path, query and body values and fails on any 5xx:
 * bad input must always be a 4xx problem naming the field, whatever the route.
 */
jest.setTimeout(120_000);
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

type Schema = { type?: string; properties?: Record<string, Schema>; allOf?: Schema[] };
type Operation = {
  parameters?: { name: string; in: 'path' | 'query' }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};

const propertiesOf = (schema: Schema | undefined): string[] =>
  !schema ? [] : schema.allOf ? schema.allOf.flatMap(propertiesOf) : Object.keys(schema.properties ?? {});

const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '-1',
    '0',
    '99999999999999999999',
    '9007199254740993',
    '2147483648',
    '1e309',
    'NaN',
    '-0',
    "'; DROP TABLE participants;--",
    'x'.repeat(5000),
    '%',
    '~',
    '2026-02-30',
    '',
    ' ',
    '../..',
    '\uD800',
  ),
  fc.string({ maxLength: 40 }),
);
const hostileJson = fc.oneof(
  hostileText,
  fc.constantFrom(null, -1, 0, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, 0.5, true, [], {}, ['\u0000'], { a: '\u0000' }),
  fc.integer(),
  fc.double(),
);

/** A lone surrogate has no UTF-8 form: it goes out as the bytes a broken client would send. */
const pathSegment = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80%zz';
  }
};

/** Event streams answer forever and sign-outs end the admin session every later call needs. */
const skipped = (path: string, op: Operation) =>
  /logout|sign-?out/i.test(path) || Object.values(op.responses).some((r) => Object.keys(r.content ?? {}).includes('text/event-stream'));

it('no operation answers 5xx to hostile path, query or body values', async () => {
  const spec = await s.call('GET', '/api/rest/openapi.json');
  expect(spec.status).toBe(200);
  const admin = await s.login(DEMO.admin.email);
  const failures: string[] = [];
  let requests = 0;
  let operations = 0;
  for (const [path, methods] of Object.entries(spec.body.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(methods)) {
      if (skipped(path, op)) continue;
      operations++;
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const bodyProps = op.requestBody ? propertiesOf(op.requestBody.content['application/json']?.schema) : null;
      const input = fc.record({
        path: fc.tuple(...pathParams.map(() => hostileText)),
        query: fc.dictionary(fc.constantFrom(...queryParams, 'extra'), hostileText, { maxKeys: 3 }),
        body: bodyProps?.length
          ? fc.dictionary(fc.constantFrom(...bodyProps, 'extra\u0000'), hostileJson, { maxKeys: bodyProps.length + 1 })
          : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ path: values, query, body }) => {
          let url = path;
          pathParams.forEach((name, i) => (url = url.replace(`{${name}}`, pathSegment(values[i]))));
          const qs = new URLSearchParams(query).toString();
          requests++;
          const target = `${s.url}${qs ? `${url}?${qs}` : url}`;
          const headers: Record<string, string> = { 'auth-token': admin.token, ...(bodyProps ? { 'content-type': 'application/json' } : {}) };
          const r = await fetch(target, {
            method: method.toUpperCase(),
            headers,
            body: bodyProps ? JSON.stringify(body ?? {}) : undefined,
            signal: AbortSignal.timeout(5_000),
          }).catch((e: Error) => ({ status: 599, statusText: e.name }));
          // An event stream answers headers and then never ends: its status is all this test needs.
          if ('body' in r) await r.body?.cancel();
          if (r.status >= 500) failures.push(`${method.toUpperCase()} ${url}?${qs} ${JSON.stringify(body)} -> ${r.status} ${r.statusText}`);
        }),
        { numRuns: 12, seed: 12, endOnFailure: true },
      );
    }
  }
  console.log(`openapi fuzz: ${operations} operations, ${requests} requests, ${failures.length} answered 5xx`);
  expect(operations).toBeGreaterThan(20);
  expect(failures).toEqual([]);
});

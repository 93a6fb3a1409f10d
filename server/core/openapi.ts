import { toJsonSchema } from './json-schema';
import type { AnyRoute } from './route';

const problemSchema = {
  type: 'object',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    errors: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
  },
  required: ['type', 'title', 'status', 'detail'],
};

const parameters = (r: AnyRoute) => {
  const out: unknown[] = [];
  const add = (where: 'path' | 'query', schema: Record<string, unknown>) => {
    const props = (schema.properties ?? {}) as Record<string, unknown>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, s] of Object.entries(props)) out.push({ name, in: where, required: where === 'path' || required.has(name), schema: s });
  };
  if (r.params) add('path', toJsonSchema(r.params));
  if (r.query) add('query', toJsonSchema(r.query));
  return out;
};

/**
 * A stable, unique operation id from the method and the path: `GET /api/rest/participants/{paxId}/points` is
 * `getParticipantsPaxIdPoints`. Code generators and API consoles name their functions after it.
 */
export const operationIdOf = (method: string, path: string): string => {
  const words = path
    .replace(/^\/api\/rest\//, '/')
    .replace(/^\/api\//, '/')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
};

/**
 * The 4xx answers every route can give, whatever it declares: any value may be refused (a NUL byte, a malformed path)
 * with 400, a signed-in route answers 401 without a session, and an admin route 403 to a member.
 */
const implicitResponses = (r: AnyRoute): Record<string, { description: string }> => ({
  400: { description: 'Invalid input: each field named in `errors`' },
  ...(r.access === 'public' ? {} : { 401: { description: 'No valid session (or practice key)' } }),
  ...(r.access === 'admin' ? { 403: { description: 'Not an admin' } } : {}),
});

/** The OpenAPI 3.1 document, generated from the same route declarations and codecs that serve requests. */
export function openApiDocument(routes: AnyRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const ids = new Set<string>();
  for (const r of routes) {
    const path = `${r.mount}${r.path}`.replace(/:(\w+)/g, '{$1}');
    let operationId = operationIdOf(r.method, path);
    // Two paths that differ only in punctuation would share an id: the later one is numbered (the document checks it).
    for (let n = 2; ids.has(operationId); n++) operationId = `${operationIdOf(r.method, path)}${n}`;
    ids.add(operationId);
    const responses: AnyRoute['responses'] = { ...implicitResponses(r), ...r.responses };
    const security =
      r.access === 'public'
        ? []
        : r.access === 'practice-or-admin' || r.access === 'signed-in-or-practice' || r.access === 'practice'
          ? [{ apiKey: [] }, { authToken: [] }]
          : [{ authToken: [] }];
    (paths[path] ??= {})[r.method] = {
      operationId,
      summary: r.summary,
      tags: [r.tag],
      'x-access': r.access,
      security,
      parameters: parameters(r),
      ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(r.body) } } } } : {}),
      responses: Object.fromEntries(
        Object.entries(responses).map(([status, d]) => [
          status,
          {
            description: d.description,
            ...(d.schema || Number(status) >= 400
              ? {
                  content: {
                    [d.contentType ?? (Number(status) >= 400 ? 'application/problem+json' : 'application/json')]: {
                      schema: d.schema ? toJsonSchema(d.schema) : problemSchema,
                    },
                  },
                }
              : {}),
          },
        ]),
      ),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Rewards and loyalty programme API', version: '1', license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
    // Relative: the document is served by the API it describes, wherever that is deployed.
    servers: [{ url: '/', description: 'The server that serves this document' }],
    components: {
      securitySchemes: {
        authToken: { type: 'apiKey', in: 'header', name: 'auth-token' },
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
    },
    paths,
  };
}

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

/** The OpenAPI 3.1 document, generated from the same route declarations and codecs that serve requests. */
export function openApiDocument(routes: AnyRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = `${r.mount}${r.path}`.replace(/:(\w+)/g, '{$1}');
    const security = r.access === 'public' ? [] : r.access === 'practice-or-admin' || r.access === 'signed-in-or-practice' ? [{ apiKey: [] }, { authToken: [] }] : [{ authToken: [] }];
    (paths[path] ??= {})[r.method] = {
      summary: r.summary,
      tags: [r.tag],
      'x-access': r.access,
      security,
      parameters: parameters(r),
      ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(r.body) } } } } : {}),
      responses: Object.fromEntries(
        Object.entries(r.responses).map(([status, d]) => [
          status,
          {
            description: d.description,
            ...(d.schema || Number(status) >= 400
              ? { content: { [d.contentType ?? (Number(status) >= 400 ? 'application/problem+json' : 'application/json')]: { schema: d.schema ? toJsonSchema(d.schema) : problemSchema } } }
              : {}),
          },
        ]),
      ),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Rewards and loyalty programme API', version: '1' },
    components: {
      securitySchemes: {
        authToken: { type: 'apiKey', in: 'header', name: 'auth-token' },
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
    },
    paths,
  };
}

import { allRoutes } from '../../../server/composition-root';
import { settingsFromEnv } from '../../../server/config';
import { openApiDocument, operationIdOf } from '../../../server/core/openapi';
import type { Deps } from '../../../server/deps';

type Operation = { operationId: string; responses: Record<string, unknown>; requestBody?: { content: Record<string, { schema: unknown }> } };
const doc = openApiDocument(allRoutes({ settings: settingsFromEnv() } as Deps));
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ path, method, op: op as Operation })),
);

describe('the generated OpenAPI document', () => {
  it('names every operation with a unique operationId derived from method and path, and has a server', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(ids.every((id) => /^[a-z]+[A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdOf('get', '/api/rest/participants/{paxId}/points')).toBe('getParticipantsPaxIdPoints');
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('declares a 4xx answer on every operation (400 at least: any value can be refused)', () => {
    for (const { op } of operations) expect(Object.keys(op.responses).some((s) => s.startsWith('4'))).toBe(true);
  });

  it('carries the codecs’ rules as constraints: integer ranges, patterns, lengths, formats, enums', () => {
    const schemaOf = (path: string, method: string) =>
      JSON.stringify(operations.find((o) => o.path === path && o.method === method)!.op.requestBody!.content['application/json'].schema);
    const award = schemaOf('/api/rest/admin/participants/{paxId}/points', 'post');
    expect(award).toContain('"type":"integer","minimum":1,"maximum":100000');
    const enrollment = schemaOf('/api/rest/enrollment', 'post');
    expect(enrollment).toContain('"pattern":"^\\\\d{5}(-\\\\d{4})?$"');
    expect(enrollment).toContain('"minLength":10,"maxLength":200');
    expect(enrollment).toContain('"format":"date"');
    expect(schemaOf('/api/rest/participants/{paxId}/points/redeem', 'post')).toContain('"enum":[100,200,300,400,500,600,700,800,900,1000]');
    expect(schemaOf('/api/rest/wizard/promotions', 'post')).toContain('"pattern":"^[A-Za-z0-9_-]{1,40}$"');
  });

  // Issue 28: "the OpenAPI document states every bound". Every number a request body carries has a largest value (or
  // is one of a list), so no field takes what its column cannot hold and no typo spends without limit.
  it('states a largest value for every number of every request body', () => {
    const unbounded: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      const numeric = schema.type === 'integer' || schema.type === 'number';
      if (numeric && schema.maximum === undefined && schema.exclusiveMaximum === undefined && schema.enum === undefined) unbounded.push(at);
      for (const [key, value] of Object.entries(schema)) walk(value, `${at}/${key}`);
    };
    for (const { path, method, op } of operations) if (op.requestBody) walk(op.requestBody, `${method.toUpperCase()} ${path}`);
    expect(unbounded).toEqual([]);
  });
});

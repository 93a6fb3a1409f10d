import { randomUUID } from 'node:crypto';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.email);
});
afterAll(() => s.stop());

const everyone = {
  logicalOperatorCode: 'AND',
  comparisonExpressions: [{ fieldCode: 'postalCode', comparisonOperatorCode: 'EQ', values: ['92612'] }],
  logicalExpressions: [],
};
const create = (name: string) => s.call('POST', '/api/rest/participants/search', { token: admin.token, body: { name, logicalExpression: everyone } });
const rename = (id: number, name: string) =>
  s.call('PUT', `/api/rest/participants/search/${id}`, { token: admin.token, body: { name, logicalExpression: everyone } });

describe('participant group names (issue 54, item 6)', () => {
  it('are unique ignoring case: a second group of a name is 409 in words, naming body.name, and nothing is created', async () => {
    const name = `Irvine patients ${randomUUID()}`;
    expect((await create(name)).status).toBe(201);
    for (const again of [name, name.toUpperCase(), `  ${name.toLowerCase()}  `]) {
      const r = await create(again);
      expect(r.status).toBe(409);
      expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(r.body.detail).toBe(`A participant group is already named "${name}": choose another name`);
      expect(r.body.errors).toEqual([{ path: 'body.name', message: `is already the name of another group ("${name}")` }]);
    }
    const listed = await s.call('GET', `/api/rest/groups?page=1&size=1000`, { token: admin.token });
    expect(listed.body.items.filter((g: { name: string }) => g.name.toLowerCase() === name.toLowerCase())).toHaveLength(1);
  });

  it('refuse a rename onto another group’s name, and allow a group to keep or recase its own', async () => {
    const first = `First ${randomUUID()}`;
    const second = `Second ${randomUUID()}`;
    const a = (await create(first)).body.id as number;
    const b = (await create(second)).body.id as number;
    expect((await rename(b, first.toUpperCase())).status).toBe(409);
    expect((await rename(a, first)).status).toBe(200);
    expect((await rename(a, first.toUpperCase())).status).toBe(200);
    expect((await rename(b, second)).status).toBe(200);
  });

  it('are checked under one lock: of five saves of one name at once, one is created', async () => {
    const name = `Raced ${randomUUID()}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(name)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('free a deleted group’s name', async () => {
    const name = `Deleted ${randomUUID()}`;
    const id = (await create(name)).body.id as number;
    expect((await s.call('DELETE', `/api/rest/groups/${id}`, { token: admin.token })).status).toBe(204);
    expect((await create(name)).status).toBe(201);
  });
});

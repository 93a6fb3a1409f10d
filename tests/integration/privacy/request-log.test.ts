import { createLogger } from '../../../server/operations/logger';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(30_000);
let s: TestServer;
const lines: string[] = [];
beforeAll(async () => {
  s = await startTestServer({ logger: createLogger({ level: 'info', pretty: false, destination: { write: (line: string) => void lines.push(line) } }) });
});
afterAll(() => s.stop());

interface RequestLine {
  msg: string;
  method: string;
  route: string;
  ids?: Record<string, string>;
  status: number;
}
const requestLines = () => lines.map((l) => JSON.parse(l) as RequestLine).filter((l) => l.msg === 'request');

describe('the request log', () => {
  it('names the route template and its ids, never the e-mail, phone or name a path carried', async () => {
    const email = `zelda.private-${Date.now()}@example.com`;
    const phone = '7145550177';
    const m = await s.enroll({ firstName: 'Zelda', lastName: 'Privateperson', email, phone });
    const other = await s.enroll();
    lines.length = 0;

    const preferred = await s.call('PUT', `/api/rest/participants/${m.paxId}/emails/${encodeURIComponent(email)}/preferred`, { token: m.token });
    expect(preferred.status).toBe(200);
    // Refused and unmatched calls with personal data in the path are logged without it too.
    expect((await s.call('PUT', `/api/rest/participants/${m.paxId}/emails/${email}/preferred`, { token: other.token })).status).toBe(403);
    expect((await s.call('DELETE', `/api/rest/participants/${m.paxId}/phones/${phone}`, { token: other.token })).status).toBe(403);
    expect((await s.call('GET', `/api/rest/no-such-call/${email}/${phone}/Zelda`)).status).toBe(404);

    const logged = requestLines();
    expect(logged.map(({ method, route, ids, status }) => ({ method, route, ids, status }))).toEqual([
      { method: 'PUT', route: '/api/rest/participants/:paxId/emails/:email/preferred', ids: { paxId: String(m.paxId) }, status: 200 },
      { method: 'PUT', route: '/api/rest/participants/:paxId/emails/:email/preferred', ids: { paxId: String(m.paxId) }, status: 403 },
      { method: 'DELETE', route: '/api/rest/participants/:paxId/phones/:phone', ids: { paxId: String(m.paxId) }, status: 403 },
      { method: 'GET', route: 'unmatched', status: 404 },
    ]);
    const everything = lines.join('\n');
    for (const personal of [email, encodeURIComponent(email), 'zelda.private', phone, 'Zelda', 'Privateperson']) expect(everything).not.toContain(personal);
  });
});

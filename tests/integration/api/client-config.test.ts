import { settingsFromEnv } from '../../../server/config';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(60_000);
let s: TestServer;
afterEach(() => s.stop());

describe('GET /client-config', () => {
  it('names the programme’s time zone, which the client’s "today" follows', async () => {
    s = await startTestServer();
    const r = await s.call('GET', '/api/rest/client-config');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ timeZone: 'America/Los_Angeles', redemptionDivisor: 10, contentful: { local: true } });
  });

  it('answers the zone a deployment configured', async () => {
    s = await startTestServer({ settings: { ...settingsFromEnv(), welcomeCertificateCategory: null, timeZone: 'America/New_York' } });
    expect((await s.call('GET', '/api/rest/client-config')).body.timeZone).toBe('America/New_York');
  });
});

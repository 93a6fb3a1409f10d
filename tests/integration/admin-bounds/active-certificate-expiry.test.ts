import { ACTIVE_EXPIRY_RULE } from '../../../server/certificates/change-certificate-status';
import { startTestServer, type TestServer } from '../../support/test-server';
import { award, impersonate, redeem } from '../ledger/ledger-helpers';

/** Issue 28, item 4: the wallet showed "ACTIVE · expires 01/01/2020". An ACTIVE certificate's expiry is today or later. */
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
let member: { token: string; paxId: number };
let certificateId: string;
beforeAll(async () => {
  s = await startTestServer({ runScheduler: false });
  admin = await s.login('admin@example.com');
  member = await s.enroll();
  await award(s, admin.token, member.paxId, 1000);
  certificateId = (await redeem(s, member.token, member.paxId, 100)).body.certificate.id;
});
afterAll(() => s.stop());

const put = (token: string, body: unknown) => s.call('PUT', `/api/rest/certificates/${certificateId}`, { token, body });
const streamLength = async () => (await s.runtime.deps.store.readStream(`certificate-${certificateId}`)).length;

describe('PUT /certificates/{id} with an ACTIVE status', () => {
  it('refuses a past expiry on body.expirationDate and writes nothing', async () => {
    const token = await impersonate(s, admin.token, member.paxId);
    const before = await streamLength();
    const r = await put(token, { status: 'ACTIVE', expirationDate: '2020-01-01' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ path: 'body.expirationDate', message: ACTIVE_EXPIRY_RULE }]);
    expect(await streamLength()).toBe(before);
  });

  it('refuses reactivating an expired certificate with its old date; a new date reactivates it', async () => {
    const token = await impersonate(s, admin.token, member.paxId);
    expect((await put(token, { status: 'EXPIRED', expirationDate: '2020-01-01' })).status).toBe(200);
    const again = await put(token, { status: 'ACTIVE', expirationDate: null });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([{ path: 'body.expirationDate', message: ACTIVE_EXPIRY_RULE }]);
    const later = await put(token, { status: 'ACTIVE', expirationDate: '2099-12-31' });
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ status: 'ACTIVE', expirationDate: '2099-12-31' });
  });
});

import { sessionEnded } from '../../client/src/session/session-events';
import { $certificates, fetchCertificatesFx, liveCertificateReceived, type CertificateItem } from '../../client/src/stores/certificates';
import { liveReplayLost } from '../../client/src/stores/live-resync';

const cert = (id: string, expirationDate: string, status = 'ACTIVE'): CertificateItem => ({
  id,
  status,
  expirationDate,
  certificateCategoryType: null,
  summaryDisplay: '',
  amount: 10,
  name: '$10 Reward',
  code: id.toUpperCase(),
});

describe('the certificates store', () => {
  afterEach(() => sessionEnded());

  it('keeps the newest expiry first and upserts live certificates by id', async () => {
    fetchCertificatesFx.use(async () => [cert('a', '2027-01-01'), cert('b', '2027-03-01')]);
    await fetchCertificatesFx();
    expect($certificates.getState()?.map((c) => c.id)).toEqual(['b', 'a']);
    liveCertificateReceived(cert('c', '2027-02-01'));
    liveCertificateReceived(cert('a', '2027-01-01', 'VOID'));
    expect($certificates.getState()?.map((c) => `${c.id}:${c.status}`)).toEqual(['b:ACTIVE', 'c:ACTIVE', 'a:VOID']);
  });

  it('reads a wallet it holds again when the live stream could not replay what it missed, and leaves an unread one alone', async () => {
    let reads = 0;
    fetchCertificatesFx.use(async () => {
      reads += 1;
      return reads === 1 ? [cert('a', '2027-01-01')] : [cert('a', '2027-01-01'), cert('missed', '2027-05-01')];
    });
    liveReplayLost();
    expect(reads).toBe(0);

    await fetchCertificatesFx();
    liveReplayLost();
    await new Promise((done) => setTimeout(done, 0));
    expect(reads).toBe(2);
    expect($certificates.getState()?.map((c) => c.id)).toEqual(['missed', 'a']);
  });

  it('forgets everything on sign-out', () => {
    liveCertificateReceived(cert('x', '2027-01-01'));
    sessionEnded();
    expect($certificates.getState()).toBeNull();
  });
});

import { randomUUID } from 'node:crypto';
import { certificateStream, encodeEvent, memberStream, PointsRedeemed } from '../../../event-schemas';
import { certificateIssuedEventId, issueCertificate } from '../../../server/certificates/issue-certificate';
import { formatPosition } from '../../../event-schemas/store/position';
import { startTestServer, type TestServer } from '../../support/test-server';
import { award, readAfter, redeem } from './ledger-helpers';

// Starting a server (migrations, password hashing) can take a while when the machine is busy.
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@example.com');
});
afterAll(() => s.stop());

interface Frame {
  event: string;
  id?: string;
  data: unknown;
}

/** Reads `GET /live` with fetch and collects its frames until asked to stop. */
async function openLive(token: string) {
  const abort = new AbortController();
  const res = await fetch(`${s.url}/api/rest/live`, { headers: { 'auth-token': token }, signal: abort.signal });
  const frames: Frame[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) =>
          block
            .split('\n')
            .find((l) => l.startsWith(`${name}: `))
            ?.slice(name.length + 2);
        const event = field('event');
        if (event) frames.push({ event, id: field('id'), data: JSON.parse(field('data') ?? 'null') });
      }
    }
  })().catch(() => undefined);
  const waitFor = async (ok: (f: Frame) => boolean, timeoutMs = 10_000): Promise<Frame> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = frames.find(ok);
      if (found) return found;
      if (Date.now() > until) throw new Error(`no matching frame in ${JSON.stringify(frames)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  return { status: res.status, frames, waitFor, close: async () => (abort.abort(), await pump) };
}

describe('live messages after a redemption', () => {
  it('pushes the certificate and the new points balance to the member', async () => {
    const m = await s.enroll();
    const p = await award(s, admin.token, m.paxId, 700);
    await readAfter(s, `/api/rest/participants/${m.paxId}/points`, m.token, p);
    const live = await openLive(m.token);
    try {
      expect(live.status).toBe(200);
      await live.waitFor((f) => f.event === 'points' && (f.data as { balance: number }).balance === 700);
      const r = await redeem(s, m.token, m.paxId, 200);
      const cert = await live.waitFor((f) => f.event === 'certificate');
      expect(cert.data).toMatchObject({
        id: r.body.certificate.id,
        code: r.body.certificate.code,
        status: 'ACTIVE',
        displayStatus: 'ACTIVE',
        amount: 20,
        purchasePrice: 200,
      });
      expect(cert.id).toBe(r.body.position);
      const points = await live.waitFor((f) => f.event === 'points' && (f.data as { balance: number }).balance === 500);
      expect(points.data).toMatchObject({ paxId: m.paxId, balance: 500, pending: 0 });
    } finally {
      await live.close();
    }
  });
});

describe('certificate reconciler', () => {
  it('issues the certificate for a redemption whose certificate write was lost, exactly once', async () => {
    const m = await s.enroll();
    await award(s, admin.token, m.paxId, 300);
    const store = s.runtime.deps.store;
    const lotId = (await store.readStream(memberStream(m.paxId))).map((e) => e.data as { lotId?: string }).find((d) => d.lotId)!.lotId!;
    const certificateId = randomUUID();
    const redeemed = {
      paxId: m.paxId,
      certificateId,
      certificateCode: 'RECO-NCIL-ED',
      amount: 100,
      value: 10,
      consumed: [{ lotId, amount: 100 }],
      expirationDate: '2030-01-01',
    };
    const meta = {
      actor: { kind: 'participant' as const, paxId: m.paxId },
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: new Date().toISOString(),
    };
    // The server "crashed" right after spending the points: no certificate stream was written.
    await store.appendToStream(memberStream(m.paxId), [encodeEvent(randomUUID(), PointsRedeemed.of(redeemed), meta)], { expectedRevision: 'any' });

    const until = Date.now() + 10_000;
    let stream = await store.readStream(certificateStream(certificateId));
    while (stream.length === 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      stream = await store.readStream(certificateStream(certificateId));
    }
    expect(stream.map((e) => [e.type, e.eventId])).toEqual([['CertificateIssued', certificateIssuedEventId(certificateId)]]);
    expect(stream[0].data).toMatchObject({
      certificateId,
      code: 'RECO-NCIL-ED',
      paxId: m.paxId,
      amount: 10,
      pointsCost: 100,
      status: 'ACTIVE',
      expirationDate: '2030-01-01',
    });

    // A second writer (the redeem route retrying, or the reconciler replaying) changes nothing.
    const again = await issueCertificate(store, redeemed, meta);
    expect(again).toEqual(stream[0].position);
    expect(await store.readStream(certificateStream(certificateId))).toHaveLength(1);

    const issuedAt = formatPosition(stream[0].position);
    const list = await readAfter(s, '/api/rest/participants/~/certificates', m.token, issuedAt);
    expect(list.body.items).toEqual([expect.objectContaining({ id: certificateId, code: 'RECO-NCIL-ED', status: 'ACTIVE' })]);
    expect((await readAfter(s, `/api/rest/participants/${m.paxId}/points`, m.token, issuedAt)).body.balance).toBe(200);
  });
});

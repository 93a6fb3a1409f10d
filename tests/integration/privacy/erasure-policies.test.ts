import { randomUUID } from 'node:crypto';
import { encodeEvent, memberStream, PointsAwarded } from '../../../event-schemas';
import { formatPosition } from '../../../event-schemas/store/position';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';
import { tablesHolding } from './table-scan';
import { createPgEventStore } from '../../../server/adapters/pg-event-store';
import { keyringFor } from '../../../server/privacy/sealing/member-keys';
import { seal, SEALED } from '../../../server/privacy/sealing/seal';

/*
 * Issue 25, the policies around erasure: referral awards written before their wording named no one (read as the new
 * wording everywhere), and staff accounts (refused: they are not erased as members).
 */

jest.setTimeout(120_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.email);
});
afterAll(() => s.stop());

const meta = () => ({
  actor: { kind: 'system' as const, job: 'referral-rewards' },
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt: new Date().toISOString(),
});

describe('referral awards written before their wording named no one', () => {
  it('read as the wording that names no one in every read model, the timeline and the export', async () => {
    // A friend's first name no other row holds, in awards as the referral process wrote them before the change.
    const friend = `Quillonetta${randomUUID().replace(/[-\d]/g, '').slice(0, 6)}`;
    const referrer = `Barnabette${randomUUID().replace(/[-\d]/g, '').slice(0, 6)}`;
    const m = await s.enroll();
    const old = (side: 'referrer' | 'referred', description: string) =>
      encodeEvent(
        randomUUID(),
        PointsAwarded.of({
          paxId: m.paxId,
          lotId: `referral-4242-${side}`,
          amount: 100,
          description,
          source: 'REFERRAL',
          expirationDate: '2099-01-31',
          idempotencyKey: `referral-4242-${side}`,
        }),
        meta(),
      );
    // Stored as the store then stored every award: sealed with the member's key. (Since, only descriptions a person
    // types are sealed, and the referral process writes none: its wording names no one.)
    const key = (await keyringFor(s.runtime.deps.pool).keyFor(m.paxId))!;
    const asStoredThen = (e: ReturnType<typeof old>) => {
      const { description, ...rest } = e.data as Record<string, unknown>;
      return { eventId: e.eventId, type: e.type, data: { ...rest, [SEALED]: seal(key, m.paxId, e.eventId, { description }) }, metadata: e.metadata };
    };
    const bare = await createPgEventStore(s.runtime.deps.pool, s.runtime.listener);
    const written = await bare.appendToStream(
      memberStream(m.paxId),
      [old('referrer', `Referral reward: ${friend} completed a first treatment`), old('referred', `Referral reward: welcome from ${referrer}`)].map(
        asStoredThen,
      ),
      { expectedRevision: 'any' },
    );
    const position = formatPosition(written.position);
    expect(await s.runtime.deps.progress.waitFor(written.position, 15_000)).toBe(true);

    const expected = ['Referral reward: your friend completed a first treatment', 'Referral reward: welcome from the friend who referred you'];
    const timeline = await s.call('GET', `/api/rest/admin/participants/${m.paxId}/timeline`, { token: admin.token });
    expect(timeline.status).toBe(200);
    expect(
      timeline.body.events.filter((e: { type: string }) => e.type === 'PointsAwarded').map((e: { data: { description: string } }) => e.data.description),
    ).toEqual(expected);
    const reads = [
      `/api/rest/participants/${m.paxId}/export`,
      `/api/rest/participants/${m.paxId}/bonus-points`,
      `/api/rest/patients/${m.paxId}/activity-headers`,
    ];
    for (const path of [...reads, `/api/rest/admin/participants/${m.paxId}/timeline`]) {
      const r = await s.call('GET', path, { token: m.token, headers: { 'x-wait-for-position': position } });
      const asMember = r.status === 403 ? await s.call('GET', path, { token: admin.token, headers: { 'x-wait-for-position': position } }) : r;
      expect([path, asMember.status]).toEqual([path, 200]);
      expect([path, JSON.stringify(asMember.body).includes(friend) || JSON.stringify(asMember.body).includes(referrer)]).toEqual([path, false]);
    }
    // The export names the awards by the new wording (what the member is told they hold).
    const exported = JSON.stringify((await s.call('GET', `/api/rest/participants/${m.paxId}/export`, { token: m.token })).body);
    for (const text of expected) expect(exported).toContain(text);
    // No table holds either name: the read models wrote the new wording, and the log holds them only sealed.
    expect(await tablesHolding(s.runtime.deps.pool, [friend, referrer])).toEqual({ [friend]: [], [referrer]: [] });
  });
});

describe('erasure of a staff account', () => {
  it('is refused with 409 naming why, and changes nothing', async () => {
    const r = await s.call('POST', `/api/rest/admin/participants/${admin.paxId}/erasure`, {
      token: admin.token,
      body: { reason: 'Deletion request, ticket 77' },
    });
    expect(r.status).toBe(409);
    expect(r.body.detail).toBe(
      `Participant ${admin.paxId} is a staff account: member erasure is for members; a staff account is closed by removing its access, so its actions stay attributed in the audit trails`,
    );
    // Another admin's account the same (the demo has one admin: make a second from a member).
    const m = await s.enroll();
    await s.runtime.deps.pool.query('UPDATE participants SET is_admin = true WHERE pax_id = $1', [m.paxId]);
    const other = await s.call('POST', `/api/rest/admin/participants/${m.paxId}/erasure`, {
      token: admin.token,
      body: { reason: 'Deletion request, ticket 78' },
    });
    expect(other.status).toBe(409);
    expect(other.body.detail).toMatch(/is a staff account/);
    // Nothing was written or changed: no MemberErased, the accounts still sign in.
    for (const paxId of [admin.paxId, m.paxId]) {
      const stream = await s.runtime.deps.store.readStream(memberStream(paxId));
      expect(stream.map((e) => e.type)).not.toContain('MemberErased');
    }
    expect((await s.login(DEMO.admin.email)).paxId).toBe(admin.paxId);
    expect((await s.login(m.email, 'Sturdy-pass-42')).paxId).toBe(m.paxId);
    const row = await s.runtime.deps.pool.query('SELECT erased_at FROM participants WHERE pax_id = ANY($1::bigint[])', [[admin.paxId, m.paxId]]);
    expect(row.rows).toEqual([{ erased_at: null }, { erased_at: null }]);
  });
});

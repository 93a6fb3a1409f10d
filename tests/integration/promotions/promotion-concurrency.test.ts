import { randomUUID } from 'node:crypto';
import { promotionStream } from '../../../event-schemas';
import { handleCommand } from '../../../server/core/command-handler';
import { Problem } from '../../../server/core/problem';
import type { EventStore } from '../../../event-schemas/store/event-store';
import { changePromotionStatus } from '../../../server/promotions/change-promotion-status';
import { startTestServer, type TestServer } from '../../support/test-server';
import { createPromotion, statusAction } from './promotion-helpers';

const clock = new Date('2026-04-15T19:00:00Z');
jest.setTimeout(60_000);
let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer({ now: () => clock });
  admin = await s.login('admin@example.com');
});
afterAll(() => s.stop());

const endings = async (id: string) =>
  (await s.runtime.deps.store.readStream(promotionStream(id))).filter((e) => e.type === 'PromotionStatusChanged' && (e.data as { to: string }).to === 'ENDED')
    .length;

/**
 * The real store, except that the first `racers` stream reads wait for one another: every racer decides on the same
 * ACTIVE promotion before anyone appends, the race an unlucky schedule produces. `ignoreExpectedRevision` turns the
 * revision check off, as a handler that appended with "any" would.
 */
function racingStore(store: EventStore, racers: number, ignoreExpectedRevision = false): EventStore {
  let arrived = 0;
  let allRead!: () => void;
  const barrier = new Promise<void>((resolve) => (allRead = resolve));
  return Object.assign(Object.create(store) as EventStore, {
    readStream: async (...args: Parameters<EventStore['readStream']>) => {
      const events = await store.readStream(...args);
      if (arrived < racers && ++arrived === racers) allRead();
      if (arrived <= racers) await barrier;
      return events;
    },
    appendToStream: (...[stream, events, options]: Parameters<EventStore['appendToStream']>) =>
      store.appendToStream(stream, events, ignoreExpectedRevision ? { expectedRevision: 'any' } : options),
  });
}

const endConcurrently = (store: EventStore, id: string, racers: number) =>
  Promise.allSettled(
    Array.from({ length: racers }, () =>
      handleCommand(
        store,
        changePromotionStatus,
        promotionStream(id),
        { action: 'end', reason: null, today: '2026-04-15' },
        { actor: { kind: 'admin', adminId: admin.paxId }, correlationId: randomUUID(), now: clock },
      ),
    ),
  );

describe('concurrent end calls', () => {
  it('over HTTP: one succeeds, the others are 409, and the stream holds exactly one change to ENDED', async () => {
    const { id } = await createPromotion(s, admin.token);
    const answers = await Promise.all(Array.from({ length: 8 }, () => statusAction(s, admin.token, id, 'end')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await endings(id)).toBe(1);
  });

  it('when every caller decided on the same ACTIVE state, the expected revision lets exactly one append', async () => {
    const { id } = await createPromotion(s, admin.token);
    const results = await endConcurrently(racingStore(s.runtime.deps.store, 5), id, 5);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected')) expect(((r as PromiseRejectedResult).reason as Problem).slug).toBe('invalid-state');
    expect(await endings(id)).toBe(1);
  });

  it('(control) without the expected-revision check the same race ends the promotion five times', async () => {
    const { id } = await createPromotion(s, admin.token);
    const results = await endConcurrently(racingStore(s.runtime.deps.store, 5, true), id, 5);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await endings(id)).toBe(5);
  });
});

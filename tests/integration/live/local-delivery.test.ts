import { randomUUID } from 'node:crypto';
import { formatPosition } from '../../../event-schemas/store/position';
import type { CommittedBatch } from '../../../projections/live-delivery';
import { applyGroupBatch, readCheckpoint, type BatchOptions } from '../../../projections/runner';
import { registeredReadModels } from '../../../server/composition-root';
import { AWAIT_TELLING_MS, type ProgressMessage } from '../../../server/live/progress';
import { watchNothingHappensFor } from '../../support/quiet';
import { quickMember } from '../api/fixtures';
import { statementsDuring } from './pool-statements';
import { appendAward, handDrivenServer } from './hand-driven-server';
import { SseClient } from './sse-client';

jest.setTimeout(60_000);
// Batches are applied by hand: each test says which of them are told to the hub in process and which are not.
const live = handDrivenServer();
const open = live.open;
const award = async (paxId: number, amount: number) => formatPosition((await appendAward(live.s.runtime.deps.store, paxId, amount, 'told')).position);

/**
 * Applies the log to the read models in batches, told to the hub in process or (`told: false`) not, until they hold
 * `through` (an event another test database's open transaction hides is readable a moment later).
 */
async function project(through: string | undefined, told = true, options: BatchOptions = {}): Promise<void> {
  const models = registeredReadModels(live.s.runtime.deps.settings);
  const delivery = told ? live.s.runtime.deps.hub.delivery : undefined;
  const deadline = Date.now() + 30_000;
  for (;;) {
    while ((await applyGroupBatch(live.s.runtime.deps.pool, live.s.runtime.deps.store, models, 1000, { ...options, delivery })).applied > 0);
    const { position } = await readCheckpoint(live.s.runtime.deps.pool, 'member-points');
    if (!through || (position !== 'start' && formatPosition(position) >= through) || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The statements the server's pool runs that name the live-message table, while `during` runs. */
const tableReadsDuring = (during: () => Promise<void>) => statementsDuring(live.s.runtime.deps.pool, ['member_live_messages'], during);

/** A member with `tabs` open streams past their snapshot, and one told batch already pushed to them. */
async function memberWithTabs(tabs: number) {
  const m = await quickMember(live.s);
  await project(undefined, false);
  const clients = await Promise.all(Array.from({ length: tabs }, () => SseClient.open(`${live.s.url}/api/rest/live`, { 'auth-token': m.token })));
  open.push(...clients);
  await Promise.all(clients.map((c) => c.waitFor((f) => f.event === 'points')));
  const first = await award(m.paxId, 1);
  await project(first);
  await Promise.all(clients.map((c) => c.waitForId(first)));
  return { m, clients };
}

const pointsIds = (c: SseClient) => c.frames.filter((f) => f.event === 'points' && f.id).map((f) => f.id!);

describe('read-model batches told to the hub in process', () => {
  it('reach every open stream of their members without a read of the live-message table, and their NOTIFY is passed over', async () => {
    const { m, clients } = await memberWithTabs(2);
    const reads = await tableReadsDuring(async () => {
      const position = await award(m.paxId, 20);
      await project(position);
      const frames = await Promise.all(clients.map((c) => c.waitForId(position)));
      // Presented as a read would: the balance the member may spend (the fact came with the batch).
      for (const f of frames) expect(JSON.parse(f.data!)).toMatchObject({ paxId: m.paxId, balance: 21, position });
      // The batch's NOTIFY comes back meanwhile: passed over, it reads nothing either.
      await watchNothingHappensFor(300);
    });
    expect(reads).toEqual([]);
    for (const c of clients) expect(pointsIds(c).filter((id) => id === pointsIds(c).at(-1))).toHaveLength(1);
  });

  it('a stream that missed a batch nobody told it of gets that batch’s messages from the table, in order, before the told one’s', async () => {
    const { m, clients } = await memberWithTabs(1);
    const [c] = clients;
    // Another runner applied this one and sent no word of it (as if its NOTIFY were lost).
    const missed = await award(m.paxId, 300);
    await project(missed, false, { notify: false });
    const told = await award(m.paxId, 4000);
    await project(told);
    await c.waitForId(told);
    const ids = pointsIds(c);
    expect(ids.slice(-2)).toEqual([missed, told]);
    expect(JSON.parse(c.frames.filter((f) => f.id === told && f.event === 'points')[0].data!)).toMatchObject({ balance: 4301 });
  });

  it('a member whose streams are all behind is read from the table once, and then rides the told batches again', async () => {
    const { m, clients } = await memberWithTabs(1);
    const missed = await award(m.paxId, 5);
    await project(missed, false, { notify: false });
    const catchUp = await award(m.paxId, 6);
    await project(catchUp);
    await clients[0].waitForId(catchUp);
    expect(pointsIds(clients[0]).slice(-2)).toEqual([missed, catchUp]);
    const reads = await tableReadsDuring(async () => {
      const next = await award(m.paxId, 7);
      await project(next);
      await clients[0].waitForId(next);
    });
    expect(reads).toEqual([]);
  });
});

describe('a batch’s NOTIFY and its telling in process', () => {
  const heard: ProgressMessage[] = [];
  const listen = (m: ProgressMessage) => void heard.push(m);
  beforeEach(() => {
    heard.length = 0;
    live.s.runtime.deps.progress.on('progress', listen);
  });
  afterEach(() => void live.s.runtime.deps.progress.off('progress', listen));

  const paxId = 987_654_321;
  const notify = (payload: object) => live.s.runtime.deps.pool.query(`SELECT pg_notify('projection_progress', $1)`, [JSON.stringify(payload)]);
  const position = { major: 1n, minor: 1n };
  const batch = (id: string): CommittedBatch => ({ id, projections: [], from: 'start', position, paxIds: [paxId], broadcasts: [] });
  const mine = () => heard.filter((m) => m.paxIds.includes(paxId));

  it('a NOTIFY read before the telling waits for it, and is then passed over', async () => {
    const id = `test-${randomUUID()}`;
    await notify({ projections: [], position: formatPosition(position), paxIds: [paxId], batch: id, told: live.s.runtime.deps.progress.tag });
    await watchNothingHappensFor(300);
    expect(mine()).toEqual([]);
    live.s.runtime.deps.progress.local(batch(id));
    expect(mine()).toHaveLength(1);
    expect(mine()[0].local?.id).toBe(id);
    await watchNothingHappensFor(AWAIT_TELLING_MS + 500);
    expect(mine()).toHaveLength(1);
  });

  it('a telling that never comes is made good by its NOTIFY, and a late one is then passed over', async () => {
    const id = `test-${randomUUID()}`;
    await notify({ projections: [], position: formatPosition(position), paxIds: [paxId], batch: id, told: live.s.runtime.deps.progress.tag });
    const deadline = Date.now() + AWAIT_TELLING_MS * 3;
    while (mine().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(mine()).toHaveLength(1);
    expect(mine()[0].local).toBeUndefined();
    live.s.runtime.deps.progress.local(batch(id));
    expect(mine()).toHaveLength(1);
  });

  it('a NOTIFY told to another listener is heard at once', async () => {
    await notify({ projections: [], position: formatPosition(position), paxIds: [paxId], batch: `test-${randomUUID()}`, told: 'another-process' });
    const deadline = Date.now() + AWAIT_TELLING_MS / 2;
    while (mine().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(mine()).toHaveLength(1);
  });
});

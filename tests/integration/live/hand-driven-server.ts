import { randomUUID } from 'node:crypto';
import { encodeEvent, memberStream, PointsAwarded } from '../../../event-schemas';
import type { AppendResult, EventStore } from '../../../event-schemas/store/event-store';
import { startTestServer, type TestServer } from '../../support/test-server';
import type { SseClient } from './sse-client';

/**
 * One server for a live test file, whose projections the tests apply by hand (so they choose what one batch holds),
 * with 100 ms heartbeats; the streams a test pushes to `open` are closed after it. Call at the top of the file.
 */
export function handDrivenServer(): { s: TestServer; open: SseClient[] } {
  const live = { open: [] as SseClient[] } as { s: TestServer; open: SseClient[] };
  beforeAll(async () => {
    live.s = await startTestServer({ hub: { heartbeatMs: 100 }, runProjections: false });
  });
  afterEach(() => {
    for (const c of live.open.splice(0)) c.close();
  });
  afterAll(() => live.s.stop());
  return live;
}

const meta = { actor: { kind: 'system' as const, job: 'test' }, correlationId: 'c', causationId: 'c', occurredAt: '2026-01-02T03:04:05.000Z' };

/** Appends a points award straight to the member's stream (no HTTP, no checks). */
export const appendAward = (store: EventStore, paxId: number, amount: number, description: string): Promise<AppendResult> => {
  const e = PointsAwarded.of({ paxId, lotId: randomUUID(), amount, description, source: 'BONUS', expirationDate: '2030-01-01', idempotencyKey: null });
  return store.appendToStream(memberStream(paxId), [encodeEvent(randomUUID(), e, meta)], { expectedRevision: 'any' });
};

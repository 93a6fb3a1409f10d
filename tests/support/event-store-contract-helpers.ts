/** Small helpers shared by the event-store contract suites. */
import { randomUUID } from 'node:crypto';
import type { EventStore, EventToAppend, StoredEvent } from '../../event-schemas/store/event-store';
import { comparePositions, type Position } from '../../event-schemas/store/position';
export const ev = (type = 'Tested', data: unknown = { n: 0 }): EventToAppend => ({ eventId: randomUUID(), type, data, metadata: { by: 'contract' } });
export const evs = (n: number, type = 'Tested'): EventToAppend[] => Array.from({ length: n }, (_, i) => ev(type, { n: i }));

export async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Retries an async assertion until it passes. The PostgreSQL log shows a committed event only once every older
 * write transaction in the cluster has ended (DESIGN.md), so a read right after an append may briefly lag it when
 * other databases in the same cluster are being written (jest runs test files in parallel on one cluster).
 */
export async function eventually<T>(assertion: () => Promise<T>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > until) throw error;
      await sleep(25);
    }
  }
}

export async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

/** Reads the whole log after `after` page by page, keeping only events of streams that start with `prefix`. */
export async function readAllOf(
  store: EventStore,
  prefix: string,
  after: Position | 'start',
  pageSize: number,
): Promise<{ events: StoredEvent[]; pages: number; all: StoredEvent[] }> {
  const all: StoredEvent[] = [];
  let cursor = after;
  let pages = 0;
  for (;;) {
    const page = await store.readAll(cursor, pageSize);
    pages++;
    expect(page.length).toBeLessThanOrEqual(pageSize);
    if (page.length === 0) break;
    all.push(...page);
    cursor = page[page.length - 1].position;
    if (page.length < pageSize) break;
  }
  return { events: all.filter((e) => e.streamName.startsWith(prefix)), pages, all };
}

export const expectIncreasing = (events: StoredEvent[]) => {
  for (let i = 1; i < events.length; i++) {
    if (comparePositions(events[i - 1].position, events[i].position) >= 0) {
      throw new Error(
        `positions not strictly increasing at ${i}: ${String(events[i - 1].position.major)}/${String(events[i - 1].position.minor)} then ${String(events[i].position.major)}/${String(events[i].position.minor)}`,
      );
    }
  }
};

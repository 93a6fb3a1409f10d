import type { EventStore, StoredEvent, Subscription } from '../../event-schemas/store/event-store';
import type { Position } from '../../event-schemas/store/position';

/**
 * A catch-up subscription built from `readAll` and the store's append hint: read a page, hand each event to the
 * handler in order, and when the log is drained wait for the next append (or a short poll, because an event can
 * become readable later than its notification when an older transaction was still open).
 */
export function pollingSubscription(
  store: Pick<EventStore, 'readAll' | 'waitForAppend'>,
  after: Position | 'start',
  handler: (event: StoredEvent) => Promise<void>,
  options: { onError?: (error: unknown) => void; pageSize?: number; idlePollMs?: number } = {},
): Subscription {
  const abort = new AbortController();
  let cursor = after;
  const pageSize = options.pageSize ?? 500;
  const run = async () => {
    while (!abort.signal.aborted) {
      try {
        const page = await store.readAll(cursor, pageSize);
        for (const event of page) {
          if (abort.signal.aborted) return;
          await handler(event);
          cursor = event.position;
        }
        if (page.length < pageSize) await store.waitForAppend(abort.signal, options.idlePollMs ?? 250);
      } catch (error) {
        if (abort.signal.aborted) return;
        options.onError?.(error);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  };
  const done = run();
  return {
    async stop() {
      abort.abort();
      await done;
    },
  };
}

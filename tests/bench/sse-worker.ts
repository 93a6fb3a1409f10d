import { parentPort, workerData } from 'node:worker_threads';
import { readSse } from './sse-reader';

/**
 * The bench's live clients, on a thread of their own: a thousand streams parsed in the server's own event loop would
 * slow the server they measure (real clients are other machines). Reports once all streams are open, then each
 * points message once it has reached every tab of its member, with the wall-clock time it did.
 */
interface Setup {
  url: string;
  members: { paxId: number; token: string }[];
  tabs: number;
}

const { url, members, tabs } = workerData as Setup;
const abort = new AbortController();
const arrivals = new Map<string, number>();
parentPort!.on('message', (m: string) => {
  if (m === 'stop') abort.abort();
});
await Promise.all(
  members.flatMap((m) =>
    Array.from({ length: tabs }, () =>
      readSse(url, { 'auth-token': m.token }, (kind, id) => {
        if (kind !== 'points' || !id) return;
        const key = `${m.paxId}:${id}`;
        const n = (arrivals.get(key) ?? 0) + 1;
        arrivals.set(key, n);
        if (n === tabs) {
          arrivals.delete(key);
          parentPort!.postMessage({ key, at: performance.timeOrigin + performance.now() });
        }
      }, abort.signal),
    ),
  ),
);
parentPort!.postMessage('open');

import { setMaxListeners } from 'node:events';
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { readSse } from './sse-reader';

/**
 * The clients of `bench awards`, on a thread of their own (real clients are other machines; in the server's event
 * loop they would slow the server they measure): the live streams, the 8 HTTP award clients and the one-at-a-time
 * awards. Commands from the bench: 'warm' (awards before the phase, not counted), 'run' (the timed phase), 'count' (another
 * phase as long, with keys of its own), 'singles'
 * (awards one at a time), 'stop'.
 */
export interface AwardClientsSetup {
  base: string;
  adminToken: string;
  members: { paxId: number; token: string }[];
  tabs: number;
  clients: number;
  phaseMs: number;
  warmMs: number;
  singles: number;
  /**
   * Awards a second across the clients, when set (bench --against): each client waits for its next slot, so both trees
   * see the same arrivals and so the same batches. Unset, each client sends its next award as soon as one is answered.
   */
  rate?: number;
}

export interface PhaseResult {
  count: number;
  ms: number;
  requestMs: number[];
  pushMs: number[];
  missing: number;
}

const setup = workerData as AwardClientsSetup;
const abort = new AbortController();
// Every open stream (1,000) listens to this one signal: that is not a leak.
setMaxListeners(0, abort.signal);
// member:position -> how many tabs have its points message, and when the last one did.
const arrivals = new Map<string, { tabs: number; at: number }>();
const waiting = new Map<string, () => void>();

await Promise.all(
  setup.members.flatMap((m) =>
    Array.from({ length: setup.tabs }, async () => {
      // Open once its snapshot (the first points message) has come: the server has then read it, so that read
      // and the stream's first read of its messages are not counted in the phase measured.
      let snapshot!: () => void;
      const snapshotCame = new Promise<void>((resolve) => (snapshot = resolve));
      await readSse(
        `${setup.base}/api/rest/live`,
        { 'auth-token': m.token },
        (kind, id) => {
          if (kind === 'points') snapshot();
          if (kind !== 'points' || !id) return;
          const key = `${m.paxId}:${id}`;
          const a = arrivals.get(key) ?? { tabs: 0, at: 0 };
          a.tabs += 1;
          a.at = performance.now();
          arrivals.set(key, a);
          if (a.tabs === setup.tabs) waiting.get(key)?.();
        },
        abort.signal,
      );
      await snapshotCame;
    }),
  ),
);
// Each stream's first read of its messages follows its snapshot; let those end before the phase.
await new Promise((resolve) => setTimeout(resolve, 1000));

// Kept-alive connections, one per award client, as browsers and integrations hold them.
const agent = new http.Agent({ keepAlive: true, maxSockets: setup.clients });

/** POSTs JSON as the admin through node:http (fetch costs the machine several times the CPU per request). */
function post(path: string, payload: unknown): Promise<{ status: number; body: string }> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${setup.base}${path}`,
      { method: 'POST', agent, headers: { 'auth-token': setup.adminToken, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Awards once; answers the request's round trip and a promise of the push latency (undefined if never pushed). */
async function award(member: { paxId: number }, key: string): Promise<{ requestMs: number; pushed: Promise<number | undefined> }> {
  const sentAt = performance.now();
  const { status, body } = await post(`/api/rest/admin/participants/${member.paxId}/points`, { amount: 10, description: 'bench', idempotencyKey: key });
  if (status !== 201) throw new Error(`award answered ${status}`);
  const { position } = JSON.parse(body) as { position: string };
  const requestMs = performance.now() - sentAt;
  const k = `${member.paxId}:${position}`;
  // The push may beat the answer: then its arrival is already recorded.
  const pushed = new Promise<number | undefined>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting.delete(k);
      resolve(arrivals.get(k)!.at - sentAt);
    };
    const timer = setTimeout(() => {
      waiting.delete(k);
      resolve(undefined);
    }, 10_000);
    if ((arrivals.get(k)?.tabs ?? 0) >= setup.tabs) done();
    else waiting.set(k, done);
  });
  return { requestMs, pushed };
}

async function phase(length: number, label: string): Promise<PhaseResult> {
  const requestMs: number[] = [];
  const pushes: Promise<number | undefined>[] = [];
  const started = performance.now();
  const until = started + length;
  let count = 0;
  // Each client awards its own members in turn (client w: members w, w + clients, ...).
  await Promise.all(
    Array.from({ length: setup.clients }, async (_, w) => {
      const mine = setup.members.filter((_, j) => j % setup.clients === w);
      const gapMs = setup.rate ? (setup.clients * 1000) / setup.rate : 0;
      for (let i = 0; performance.now() < until; i++) {
        const slot = started + (w / setup.clients + i) * gapMs;
        if (slot > performance.now()) await new Promise((resolve) => setTimeout(resolve, slot - performance.now()));
        if (performance.now() >= until) break;
        const r = await award(mine[i % mine.length], `${label}-${w}-${i}`);
        requestMs.push(r.requestMs);
        pushes.push(r.pushed);
        count += 1;
      }
    }),
  );
  const ms = performance.now() - started;
  const pushed = await Promise.all(pushes);
  const pushMs = pushed.filter((p): p is number => p !== undefined);
  return { count, ms, requestMs, pushMs, missing: pushed.length - pushMs.length };
}

async function singles(): Promise<number> {
  let missing = 0;
  for (let i = 0; i < setup.singles; i++) {
    const r = await award(setup.members[i % setup.members.length], `single-${i}`);
    if ((await r.pushed) === undefined) missing += 1;
  }
  return missing;
}

parentPort!.on('message', (command: 'warm' | 'run' | 'count' | 'singles' | 'stop') => {
  if (command === 'warm') void phase(setup.warmMs, 'warm').then(() => parentPort!.postMessage({ warm: true }));
  if (command === 'run') void phase(setup.phaseMs, 'awards').then((result) => parentPort!.postMessage({ phase: result }));
  // A second timed phase for counting statements (bench --against): its own keys, so each of its awards is new.
  if (command === 'count') void phase(setup.phaseMs, 'count').then((result) => parentPort!.postMessage({ phase: result }));
  if (command === 'singles') void singles().then((missing) => parentPort!.postMessage({ singles: missing }));
  if (command === 'stop') abort.abort();
});
parentPort!.postMessage({ open: true });

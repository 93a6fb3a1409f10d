import { setMaxListeners } from 'node:events';
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { readSse } from './sse-reader';

/**
 * The clients of `bench scale`, on a thread of their own so they do not slow the server they measure: request loops
 * (a member's home, or the baseline read by primary key) from N clients for a while, and live streams held open.
 */
export interface ScaleClientsSetup {
  base: string;
  /** A member with a base of their own is served there (`bench two-processes` spreads them over two servers). */
  members: { paxId: number; token: string; base?: string }[];
  /** The activity page's range, as the home asks for it. */
  activityRange: { start: string; end: string };
}

export type ScaleCommand =
  | { kind: 'load'; what: 'home' | 'profile'; clients: number; ms: number }
  | { kind: 'awards'; readers: number; ms: number; adminToken: string; paxIds: number[] }
  | { kind: 'streams'; count: number }
  | { kind: 'stop' };
export interface LoadResult {
  samples: number[];
  ms: number;
  failures: number;
}
export interface AwardsResult {
  /** Each award's round trip, one at a time. */
  awards: number[];
  /** The homes read meanwhile. */
  homes: LoadResult;
}

const setup = workerData as ScaleClientsSetup;
const abort = new AbortController();
setMaxListeners(0, abort.signal);

// Plain node:http with kept-alive sockets, as a browser keeps them: fetch's web streams cost several times the CPU.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const get = (path: string, token: string, base = setup.base) =>
  new Promise<boolean>((resolve, reject) => {
    const req = http.get(base + path, { agent, headers: { 'auth-token': token } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('error', reject);
  });

/** A member's home as the portal loads it: the balance, the wallet's first page and the activity's first page, at once. */
const home = async (m: { paxId: number; token: string; base?: string }) => {
  const r = setup.activityRange;
  const all = await Promise.all([
    get(`/api/rest/participants/${m.paxId}/points`, m.token, m.base),
    get('/api/rest/participants/~/certificates?page=0&size=100&sort=expirationDate%20desc', m.token, m.base),
    get(`/api/rest/patients/${m.paxId}/activity-headers?start-date=${r.start}&end-date=${r.end}&page=0&size=10`, m.token, m.base),
  ]);
  return all.every(Boolean);
};

async function load(what: 'home' | 'profile', clients: number, ms: number): Promise<LoadResult> {
  const samples: number[] = [];
  let failures = 0;
  const started = performance.now();
  const until = started + ms;
  let next = Math.floor(Math.random() * setup.members.length);
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const m = setup.members[next++ % setup.members.length];
        const t0 = performance.now();
        const ok = what === 'home' ? await home(m) : await get(`/api/rest/participants/${m.paxId}`, m.token);
        samples.push(performance.now() - t0);
        if (!ok) failures++;
      }
    }),
  );
  return { samples, ms: performance.now() - started, failures };
}

/** POSTs JSON as an admin; answers the status. */
const post = (path: string, token: string, payload: unknown) =>
  new Promise<number>((resolve, reject) => {
    const body = JSON.stringify(payload);
    const req = http.request(
      setup.base + path,
      { method: 'POST', agent, headers: { 'auth-token': token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });

/**
 * Admin awards one at a time while `readers` clients read homes. The admin is a client like the members (before, the
 * bench sent its awards with fetch from the server's own thread, so each award's client work delayed the server).
 */
async function awardsUnderLoad(c: Extract<ScaleCommand, { kind: 'awards' }>): Promise<AwardsResult> {
  const reading = load('home', c.readers, c.ms);
  const awards: number[] = [];
  // The last awards end before the readers stop: every award is timed under the readers' load.
  const until = performance.now() + c.ms - 500;
  for (let i = 0; performance.now() < until; i++) {
    const paxId = c.paxIds[(i * 7919) % c.paxIds.length];
    const t0 = performance.now();
    const status = await post(`/api/rest/admin/participants/${paxId}/points`, c.adminToken, {
      amount: 10,
      description: 'Scale bench award',
      idempotencyKey: `scale-${Date.now()}-${i}`,
    });
    if (status !== 201) throw new Error(`award answered ${status}`);
    awards.push(performance.now() - t0);
  }
  return { awards, homes: await reading };
}

/** Opens `count` live streams, one member each, and answers once every one has had its first points message. */
async function streams(count: number): Promise<number> {
  let opened = 0;
  await Promise.all(
    setup.members.slice(0, count).map(
      (m) =>
        new Promise<void>((resolve) => {
          let first = true;
          void readSse(
            `${setup.base}/api/rest/live`,
            { 'auth-token': m.token },
            (kind) => {
              if (kind === 'points' && first) {
                first = false;
                opened++;
                resolve();
              }
            },
            abort.signal,
          ).catch(() => resolve());
        }),
    ),
  );
  return opened;
}

parentPort!.on('message', (c: ScaleCommand) => {
  if (c.kind === 'load') void load(c.what, c.clients, c.ms).then((r) => parentPort!.postMessage(r));
  else if (c.kind === 'awards') void awardsUnderLoad(c).then((r) => parentPort!.postMessage(r));
  else if (c.kind === 'streams') void streams(c.count).then((n) => parentPort!.postMessage(n));
  else {
    abort.abort();
    parentPort!.postMessage('stopped');
  }
});

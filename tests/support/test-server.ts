import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { settingsFromEnv } from '../../server/config';
import { startRuntime, type Runtime, type RuntimeOptions } from '../../server/composition-root';
import { seedDemo, DEMO } from '../../server/seed/demo';
import { createTestDatabase, type TestDatabase } from './test-db';

export interface TestServer {
  url: string;
  runtime: Runtime;
  db: TestDatabase;
  /** JSON call; answers status, parsed body and headers. */
  call(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string },
  ): Promise<{ status: number; body: any; headers: Headers }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  login(username: string, password?: string): Promise<{ token: string; paxId: number }>;
  /** Signs up a fresh member and answers their token and paxId. */
  enroll(overrides?: Partial<Record<string, unknown>>): Promise<{ token: string; paxId: number; email: string }>;
  stop(): Promise<void>;
}

let counter = 0;

/** The real server on a fresh, seeded database of its own, listening on a random port. */
export async function startTestServer(options: Partial<RuntimeOptions> = {}): Promise<TestServer> {
  // A copy of the migrated template: the runtime then finds every migration applied (its own migrate is a quick check).
  const db = await createTestDatabase();
  // Nightly jobs stay off unless a test asks: many tests move the clock, and a tick must not expire points behind their back.
  // New members get no welcome certificate unless a test asks (settings.welcomeCertificateCategory): a wallet then holds
  // only what the test put there.
  const runtime = await startRuntime({
    databaseUrl: db.url,
    settings: { ...settingsFromEnv(), welcomeCertificateCategory: null },
    embedded: true,
    log: () => undefined,
    poolSize: 10,
    runScheduler: false,
    ...options,
  });
  await seedDemo(runtime.deps.pool, () => undefined, undefined, runtime.deps.settings);
  const server: Server = await new Promise((resolve) => {
    const s = runtime.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call: TestServer['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers['auth-token'] = o.token;
    if (o.body !== undefined || o.rawBody !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(url + path, { method, headers, body: o.rawBody ?? (o.body === undefined ? undefined : JSON.stringify(o.body)) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body, headers: res.headers };
  };
  const login = async (username: string, password = DEMO.password) => {
    const r = await call('POST', '/api/rest/authenticate/login', { body: { username, password } });
    if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${JSON.stringify(r.body)}`);
    return { token: r.body.authToken as string, paxId: r.body.pax.paxId as number };
  };
  const enroll = async (overrides: Partial<Record<string, unknown>> = {}) => {
    const email = `member${++counter}-${Date.now()}@example.com`;
    const r = await call('POST', '/api/rest/enrollment', {
      body: {
        firstName: 'Test',
        lastName: 'Member',
        email,
        password: 'Sturdy-pass-42',
        postalCode: '92612',
        dateOfBirth: '1990-01-01',
        // A member who accepts the terms and, as every member did before the form asked, marketing e-mail.
        termsAccepted: true,
        marketingEmail: true,
        ...overrides,
      },
    });
    if (r.status !== 201) throw new Error(`enroll: ${r.status} ${JSON.stringify(r.body)}`);
    return { token: r.body.authToken as string, paxId: r.body.pax.paxId as number, email };
  };
  return {
    url,
    runtime,
    db,
    call,
    login,
    enroll,
    async stop() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await runtime.stop();
      await db.drop();
    },
  };
}

import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../../server/app';
import { allRoutes } from '../../../server/composition-root';
import type { Deps } from '../../../server/deps';
import { DEMO } from '../../../server/seed/demo';
import { startTestServer, type TestServer } from '../../support/test-server';

jest.setTimeout(30_000);
let s: TestServer;
let clientDir: string;
const servers: Server[] = [];

/** The app of the test server's runtime, serving a small built client from `clientDir`, with these settings. */
async function appWith(settings: Partial<Deps['settings']> = {}): Promise<string> {
  const deps = { ...s.runtime.deps, settings: { ...s.runtime.deps.settings, ...settings } };
  const app = createApp(deps, allRoutes(deps), { clientDir });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  s = await startTestServer();
  clientDir = await mkdtemp(join(tmpdir(), 'client-'));
  await mkdir(join(clientDir, 'assets'));
  await writeFile(
    join(clientDir, 'index.html'),
    '<!doctype html>\n<html>\n  <head>\n    <script type="module" src="/assets/app.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  await writeFile(join(clientDir, 'assets', 'app.js'), 'export {};\n');
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
  await rm(clientDir, { recursive: true, force: true });
  await s.stop();
});

const expectEveryAnswersHeaders = (headers: Headers) => {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-frame-options')).toBe('DENY');
  const policy = headers.get('content-security-policy') ?? '';
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain('unsafe-eval');
};

describe('the page', () => {
  it("carries a policy whose only inline allowance is this response's style nonce, handed to the client in a meta element, never stored", async () => {
    const url = await appWith();
    const [first, second] = await Promise.all([fetch(`${url}/`), fetch(`${url}/profile`)]);
    const nonces = [];
    for (const page of [first, second]) {
      expect(page.status).toBe(200);
      expectEveryAnswersHeaders(page.headers);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('strict-transport-security')).toBeNull();
      const styleSrc = /style-src ([^;]*)/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
      const nonce = /^'self' 'nonce-([A-Za-z0-9+/=]{24})'$/.exec(styleSrc ?? '')?.[1];
      expect(nonce).toBeDefined();
      expect(await page.text()).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('a static asset carries the headers and a policy without a nonce', async () => {
    const url = await appWith();
    const asset = await fetch(`${url}/assets/app.js`);
    expect(asset.status).toBe(200);
    expectEveryAnswersHeaders(asset.headers);
    expect(asset.headers.get('content-security-policy')).toContain("style-src 'self';");
    expect(asset.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('asks for HSTS only when the public address is https', async () => {
    const url = await appWith({ publicUrl: 'https://rewards.example.com' });
    for (const path of ['/', '/assets/app.js', '/api/rest/products']) {
      expect((await fetch(`${url}${path}`)).headers.get('strict-transport-security')).toBe('max-age=31536000');
    }
    const plain = await appWith({ publicUrl: 'http://rewards.example.com' });
    expect((await fetch(`${plain}/`)).headers.get('strict-transport-security')).toBeNull();
  });

  it('lets the client reach a configured Contentful space, and nothing else beyond this site', async () => {
    const url = await appWith({ contentful: { space: 'sp', accessToken: 'tok', environment: 'master' } });
    expect((await fetch(`${url}/`)).headers.get('content-security-policy')).toContain("connect-src 'self' https://cdn.contentful.com;");
    const own = await appWith();
    expect((await fetch(`${own}/`)).headers.get('content-security-policy')).toContain("connect-src 'self';");
  });
});

describe('API answers', () => {
  it("a member's data, an admin's read, a refusal and an unknown path are never stored", async () => {
    const [member, admin] = await Promise.all([s.login(DEMO.member.email), s.login(DEMO.admin.email)]);
    const answers = await Promise.all([
      s.call('GET', `/api/rest/participants/${member.paxId}`, { token: member.token }),
      s.call('GET', `/api/rest/participants/${member.paxId}/points`, { token: member.token }),
      s.call('GET', `/api/rest/participants/${member.paxId}/emails`, { token: admin.token }),
      s.call('GET', `/api/rest/participants/${admin.paxId}`, { token: member.token }),
      s.call('GET', `/api/rest/participants/${member.paxId}`),
      s.call('GET', '/api/rest/no-such-thing'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 403, 401, 404]);
    for (const answer of answers) {
      expectEveryAnswersHeaders(answer.headers);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });
});

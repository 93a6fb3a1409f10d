import { randomUUID } from 'node:crypto';
import type { TestServer } from '../../support/test-server';

/** An admin award through the API; answers the position it wrote. */
export async function award(s: TestServer, adminToken: string, paxId: number, amount: number, expirationDate?: string): Promise<string> {
  const r = await s.call('POST', `/api/rest/admin/participants/${paxId}/points`, {
    token: adminToken,
    body: { amount, description: 'Test award', idempotencyKey: randomUUID(), ...(expirationDate ? { expirationDate } : {}) },
  });
  if (r.status !== 201) throw new Error(`award: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.position as string;
}

/** A GET that first waits for the read models to reach `position` (read-your-writes). */
export const readAfter = (s: TestServer, path: string, token: string, position: string) =>
  s.call('GET', path, { token, headers: { 'x-wait-for-position': position } });

export async function impersonate(s: TestServer, adminToken: string, paxId: number): Promise<string> {
  const r = await s.call('POST', '/api/rest/authenticate/impersonate', { token: adminToken, body: { paxId } });
  if (r.status !== 200) throw new Error(`impersonate: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.authToken as string;
}

export const redeem = (s: TestServer, token: string, paxId: number, amount: number) =>
  s.call('POST', `/api/rest/participants/${paxId}/points/redeem`, { token, body: { amount, type: 'CONSUMER' } });

export const maxPosition = (positions: string[]) => positions.reduce((a, b) => (a > b ? a : b));

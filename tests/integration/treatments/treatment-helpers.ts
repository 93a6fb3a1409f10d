import { randomUUID } from 'node:crypto';
import { dateIn } from '../../../event-schemas/calendar';
import { addDays } from '../../../server/points/dates';
import { parsePosition } from '../../../event-schemas/store/position';
import { DEMO } from '../../../server/seed/demo';
import type { TestServer } from '../../support/test-server';

export const today = () => dateIn('America/Los_Angeles', new Date());
export const daysAgo = (n: number) => addDays(today(), -n);

export interface SeededProducts {
  treatment: { id: number; pointsPerUnit: number };
  bigTreatment: { id: number; pointsPerUnit: number };
  partner: { id: number; pointsPerUnit: number };
}

/** The demo catalogue's products, by what the tests need of them. */
export async function seededProducts(s: TestServer, token: string): Promise<SeededProducts> {
  const r = await s.call('GET', '/api/rest/products', { token });
  const list = r.body as { id: number; name: string; category: string; pointsPerUnit: number }[];
  const find = (pred: (p: (typeof list)[number]) => boolean) => {
    const p = list.find(pred);
    if (!p) throw new Error('demo product missing');
    return { id: p.id, pointsPerUnit: p.pointsPerUnit };
  };
  return {
    treatment: find((p) => p.category === 'TREATMENT' && p.pointsPerUnit === 2),
    bigTreatment: find((p) => p.category === 'TREATMENT' && p.pointsPerUnit === 100),
    partner: find((p) => p.category === 'PARTNER' && p.pointsPerUnit === 10),
  };
}

export const lineItem = (productId: number, quantity: number, extra: Record<string, unknown> = {}) => ({
  productId,
  quantity,
  injector: { firstName: 'Ina', lastName: 'Injector' },
  ...extra,
});

export const treatmentBody = (paxId: number, lineItems: unknown[], extra: Record<string, unknown> = {}) => ({
  externalId: `ext-${randomUUID()}`,
  paxId,
  dateOfService: daysAgo(2),
  hcpName: 'Dr. Example',
  lineItems,
  ...extra,
});

export const postTreatment = (s: TestServer, body: unknown, auth: { apiKey?: string; token?: string } = { apiKey: DEMO.practiceKey }) =>
  s.call('POST', '/api/rest/treatments', { body, token: auth.token, headers: auth.apiKey ? { 'x-api-key': auth.apiKey } : {} });

/**
 * Waits until every read model includes what a 202 wrote. The global log shows a commit only once older write
 * transactions anywhere in the cluster have ended, so a job run right after a post could otherwise miss it.
 */
export async function settled(s: TestServer, posted: { headers: Headers }): Promise<void> {
  const position = parsePosition(posted.headers.get('x-position') ?? '');
  if (!position) throw new Error('the answer carries no x-position');
  if (!(await s.runtime.deps.progress.waitFor(position, 15_000))) throw new Error('read models did not catch up');
}

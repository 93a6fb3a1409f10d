import type { TestServer } from '../../support/test-server';

/** A wizard record with one points rule on `productIds` (10 units or more: 2 points a unit); tests override sections. */
export const wizardRecord = (productIds: number[], fromDate: string, thruDate: string, over: Record<string, unknown> = {}) => ({
  overview: { name: 'Spring Sparkle', promotionCode: `SPARKLE-${Math.random().toString(36).slice(2, 8)}`, description: 'Units pay.', fromDate, thruDate },
  participants: { groupIds: [] },
  payoutAndRules: { awardType: 'POINT', rules: [{ name: 'Neuromodulator units', metricIds: productIds, tiers: [{ target: 10, award: 2 }] }] },
  website: { tile: { title: 'Spring Sparkle' } },
  ...over,
});

/** POST /wizard/promotions as the browser's FormData does it: the record in a part named `json`. */
export async function postWizardForm(s: TestServer, token: string, record: unknown, finalize: boolean) {
  const form = new FormData();
  form.append('json', JSON.stringify(record));
  const res = await fetch(`${s.url}/api/rest/wizard/promotions?finalize=${finalize}`, { method: 'POST', headers: { 'auth-token': token }, body: form });
  return { status: res.status, body: await res.json() };
}

/** Creates a promotion through the wizard (JSON body) and answers its record. */
export async function wizardPromotion(s: TestServer, token: string, record: unknown, finalize = true) {
  const r = await s.call('POST', `/api/rest/wizard/promotions?finalize=${finalize}`, { token, body: record });
  if (r.status !== 201) throw new Error(`wizard: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { overview: { id: string }; position: string };
}

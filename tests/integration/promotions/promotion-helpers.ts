import type { TestServer } from '../../support/test-server';

/** A promotion body with a window around `today`; tests override what they examine. */
export const promotionBody = (over: Record<string, unknown> = {}) => ({
  name: 'Spring Sparkle',
  description: 'Two treatments, one bonus.',
  promotionCode: `SPARKLE-${Math.random().toString(36).slice(2, 8)}`,
  fromDate: '2026-04-01',
  thruDate: '2026-04-30',
  finalize: true,
  ...over,
});

/** Creates a promotion as the admin; answers its id and the position to read after. */
export async function createPromotion(s: TestServer, adminToken: string, over: Record<string, unknown> = {}): Promise<{ id: string; position: string }> {
  const r = await s.call('POST', '/api/rest/admin/promotions', { token: adminToken, body: promotionBody(over) });
  if (r.status !== 201) throw new Error(`create promotion: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.id as string, position: r.body.position as string };
}

export const statusAction = (s: TestServer, token: string, id: string, action: string, body: unknown = {}) =>
  s.call('POST', `/api/rest/promotions/${id}/${action}`, { token, body });

/** Tile ids the caller sees, read after `position` (read-your-writes). */
export async function tileIds(s: TestServer, token: string, position: string): Promise<string[]> {
  const r = await s.call('GET', '/api/rest/promotions/tiles', { token, headers: { 'x-wait-for-position': position } });
  if (r.status !== 200) throw new Error(`tiles: ${r.status} ${JSON.stringify(r.body)}`);
  return (r.body.items as { promoId: string }[]).map((t) => t.promoId);
}

/** A participant group holding the members whose last name is `lastName`. */
export async function groupOfLastName(s: TestServer, adminToken: string, lastName: string): Promise<number> {
  const r = await s.call('POST', '/api/rest/participants/search', {
    token: adminToken,
    body: {
      name: `Last name ${lastName}`,
      logicalExpression: {
        logicalOperatorCode: 'AND',
        comparisonExpressions: [{ fieldCode: 'lastName', comparisonOperatorCode: 'EQ', values: [lastName] }],
        logicalExpressions: [],
      },
    },
  });
  if (r.status !== 201) throw new Error(`group: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id as number;
}

export const maxPosition = (positions: string[]) => positions.reduce((a, b) => (a > b ? a : b));

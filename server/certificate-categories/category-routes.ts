import * as t from 'io-ts';
import { actorOf } from '../auth/caller';
import { auditConfigChange, inTransaction, readConfigAudit } from '../db/config-audit';
import { boundedString, refined } from '../../event-schemas/primitives';
import { notFound } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';

/**
 * The part of a certificate category that treatments read today: whether redeeming one of its certificates at a
 * treatment nullifies that treatment's awards. The spec's other category fields can join this table later.
 */
interface Category {
  certificateCategoryCode: string;
  certificateCategoryName: string;
  nullifyAwards: boolean;
  certificateCategoryType: 'PURCHASABLE' | null;
}

const CategoryCode = refined(t.string, 'CategoryCode', 'must be 1 to 40 letters, digits, - or _', (s) => /^[A-Za-z0-9_-]{1,40}$/.test(s));
const CategoryBody = t.intersection([
  t.type({ certificateCategoryName: boundedString(120), nullifyAwards: t.boolean }),
  t.partial({ certificateCategoryType: t.union([t.literal('PURCHASABLE'), t.null]) }),
]);
const CategoryAnswer = t.type({ certificateCategoryCode: t.string, certificateCategoryName: t.string, nullifyAwards: t.boolean, certificateCategoryType: t.union([t.string, t.null]) });

interface Row {
  code: string;
  name: string;
  nullify_awards: boolean;
  certificate_category_type: 'PURCHASABLE' | null;
}
const toCategory = (r: Row): Category => ({
  certificateCategoryCode: r.code,
  certificateCategoryName: r.name,
  nullifyAwards: r.nullify_awards,
  certificateCategoryType: r.certificate_category_type,
});

export const certificateCategoryRoutes = (deps: Deps) => [
  // The member spec looks a category up by code (e.g. to name a certificate's category in the wallet).
  route({
    method: 'get',
    path: '/certificate-categories/code/:code',
    tag: 'Certificates',
    summary: 'One certificate category by its code',
    access: 'signed-in',
    params: t.type({ code: CategoryCode }),
    responses: { 200: { description: 'The category', schema: CategoryAnswer }, 404: { description: 'No category with this code' } },
    handler: async ({ params }) => {
      const r = await deps.pool.query<Row>('SELECT code, name, nullify_awards, certificate_category_type FROM certificate_categories WHERE code = $1', [params.code]);
      if (!r.rows[0]) throw notFound(`Certificate category ${params.code}`);
      return { status: 200, body: toCategory(r.rows[0]) };
    },
  }),
  route({
    method: 'get',
    path: '/admin/certificate-categories',
    tag: 'Admin',
    summary: 'Certificate categories with their nullifyAwards flag',
    access: 'admin',
    responses: { 200: { description: 'Categories', schema: t.array(CategoryAnswer) } },
    handler: async () => {
      const r = await deps.pool.query<Row>('SELECT code, name, nullify_awards, certificate_category_type FROM certificate_categories ORDER BY code');
      return { status: 200, body: r.rows.map(toCategory) };
    },
  }),
  route({
    method: 'put',
    path: '/admin/certificate-categories/:code',
    tag: 'Admin',
    summary: 'Create or change a certificate category (audited); nullifyAwards applies to treatments recorded afterwards',
    access: 'admin',
    params: t.type({ code: CategoryCode }),
    body: CategoryBody,
    responses: { 200: { description: 'Saved', schema: CategoryAnswer }, 400: { description: 'Invalid' } },
    handler: async ({ params, body, caller }) => {
      const saved = await inTransaction(deps.pool, async (db) => {
        const before = await db.query<Row>('SELECT code, name, nullify_awards, certificate_category_type FROM certificate_categories WHERE code = $1 FOR UPDATE', [params.code]);
        const r = await db.query<Row>(
          `INSERT INTO certificate_categories (code, name, nullify_awards, certificate_category_type) VALUES ($1, $2, $3, $4)
           ON CONFLICT (code) DO UPDATE SET name = $2, nullify_awards = $3, certificate_category_type = $4, updated_at = now()
           RETURNING code, name, nullify_awards, certificate_category_type`,
          [params.code, body.certificateCategoryName.trim(), body.nullifyAwards, body.certificateCategoryType ?? null],
        );
        const after = toCategory(r.rows[0]);
        const previous = before.rows[0] ? toCategory(before.rows[0]) : null;
        await auditConfigChange(db, { entity: 'certificate-category', entityId: params.code, action: previous ? 'update' : 'create', actor: actorOf(caller), before: previous, after });
        return after;
      });
      return { status: 200, body: saved };
    },
  }),
  route({
    method: 'get',
    path: '/admin/audit/certificate-categories/:code',
    tag: 'Admin',
    summary: 'Every change to a certificate category, oldest first',
    access: 'admin',
    params: t.type({ code: CategoryCode }),
    responses: { 200: { description: 'Audit entries' } },
    handler: async ({ params }) => ({ status: 200, body: await readConfigAudit(deps.pool, 'certificate-category', params.code) }),
  }),
];

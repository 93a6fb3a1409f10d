import * as t from 'io-ts';
import { boundedAmount, boundedString, withRule } from '../../event-schemas/primitives';
import { ProductCategory } from '../../event-schemas/treatment-recorded';
import { actorOf } from '../auth/caller';
import { ConfigHistorySchema, readConfigHistory } from '../audit/config-history';
import { BooleanFromString, IntFromString } from '../core/http-codecs';
import { forbidden, Problem } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import type { BodyMatches, Expect } from '../../event-schemas/contract/wire-checks';
import type { ProductFields, ProductOptions, PublicProduct } from '../../event-schemas/contract/products';
import { BRANDS, changeProduct, createProduct, listProducts, type Product } from './product-repository';

// An empty form's choice reads as the admin's next step, not as the codes (it said "must be Brand a or Brand b").
const Brand = withRule(t.keyof(BRANDS), 'Choose a brand');
const Category = withRule(ProductCategory, 'Choose a category');
const ProductBody = t.type({
  name: boundedString(120),
  category: Category,
  brand: Brand,
  msrpPerUnit: boundedAmount('productMsrpPerUnit'),
  pointsPerUnit: boundedAmount('productPointsPerUnit'),
});
/** The catalogue tool sends the contract's fields (event-schemas/contract/products.ts). */
export type ProductBodyMatches = Expect<BodyMatches<typeof ProductBody, ProductFields>>;
const ProductIdParam = t.type({ id: IntFromString('ProductId', 'must be a product id (a whole number above 0)', (n) => n > 0) });
const Option = t.type({ code: t.string, name: t.string });
const ProductAnswer = t.type({ id: t.number, name: t.string, category: t.string, brand: t.string, msrpPerUnit: t.number, pointsPerUnit: t.number });

/** CONTRACT.md's product shape; admins also see whether it is retired. */
const publicShape = ({ retired: _retired, ...rest }: Product): PublicProduct => rest;

export const productRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/products',
    tag: 'Products',
    summary: 'Active products (for members, and for practices reporting treatments); admins may add ?includeRetired=true',
    access: 'signed-in-or-practice',
    query: t.partial({ includeRetired: BooleanFromString }),
    responses: { 200: { description: 'Products', schema: t.array(ProductAnswer) } },
    handler: async ({ query, caller }) => {
      const includeRetired = query.includeRetired === true;
      if (includeRetired && !(caller.kind === 'participant' && caller.isAdmin)) throw forbidden('Only admins may see retired products');
      const products = await listProducts(deps.pool, includeRetired);
      return { status: 200, body: products.map((p) => (includeRetired ? p : publicShape(p))) };
    },
  }),
  // The choices product configuration offers, so the client does not repeat the brand names.
  route({
    method: 'get',
    path: '/admin/products/options',
    tag: 'Admin',
    summary: 'Brands and categories a product may have, with display names',
    access: 'admin',
    responses: { 200: { description: 'Options', schema: t.type({ brands: t.array(Option), categories: t.array(Option) }) } },
    handler: async () => ({
      status: 200,
      body: {
        brands: Object.entries(BRANDS).map(([code, name]) => ({ code, name })),
        categories: [
          { code: 'TREATMENT', name: 'Treatment' },
          { code: 'PARTNER', name: 'Partner product' },
        ],
      } satisfies ProductOptions,
    }),
  }),
  route({
    method: 'post',
    path: '/admin/products',
    tag: 'Admin',
    summary: 'Create a product (audited)',
    access: 'admin',
    body: ProductBody,
    responses: { 201: { description: 'Created', schema: ProductAnswer }, 400: { description: 'Invalid' } },
    handler: async ({ body, caller }) => ({ status: 201, body: await createProduct(deps.pool, { ...body, name: body.name.trim() }, actorOf(caller)) }),
  }),
  route({
    method: 'put',
    path: '/admin/products/:id',
    tag: 'Admin',
    summary: 'Replace a product’s fields (audited); treatments already recorded keep their snapshot',
    access: 'admin',
    params: ProductIdParam,
    body: ProductBody,
    responses: { 200: { description: 'Updated', schema: ProductAnswer }, 400: { description: 'Invalid' }, 404: { description: 'Unknown product' } },
    handler: async ({ params, body, caller }) => ({
      status: 200,
      body: await changeProduct(deps.pool, params.id, 'update', actorOf(caller), (p) => ({ ...p, ...body, name: body.name.trim() })),
    }),
  }),
  route({
    method: 'post',
    path: '/admin/products/:id/retire',
    tag: 'Admin',
    summary: 'Retire a product: no longer listed or accepted on new treatments (audited)',
    access: 'admin',
    params: ProductIdParam,
    responses: { 200: { description: 'Retired', schema: ProductAnswer }, 404: { description: 'Unknown product' } },
    handler: async ({ params, caller }) => ({
      status: 200,
      body: await changeProduct(deps.pool, params.id, 'retire', actorOf(caller), (p) => ({ ...p, retired: true })),
    }),
  }),
  route({
    method: 'post',
    path: '/admin/products/:id/restore',
    tag: 'Admin',
    summary: 'Bring a retired product back: listed and accepted on new treatments again (audited, in its history); a product never retired is 409',
    access: 'admin',
    params: ProductIdParam,
    responses: {
      200: { description: 'Restored', schema: ProductAnswer },
      404: { description: 'Unknown product' },
      409: { description: 'The product is not retired' },
    },
    handler: async ({ params, caller }) => ({
      status: 200,
      // A retirement made by mistake was final (issue 54, item 6): restoring is the retirement undone, recorded as such.
      body: await changeProduct(deps.pool, params.id, 'restore', actorOf(caller), (p) => {
        if (!p.retired) throw new Problem('invalid-state', `${p.name} is not retired: there is nothing to restore`);
        return { ...p, retired: false };
      }),
    }),
  }),
  route({
    method: 'get',
    path: '/admin/audit/products/:id',
    tag: 'Admin',
    summary: 'Every change to a product, oldest first',
    access: 'admin',
    params: ProductIdParam,
    responses: { 200: { description: 'Audit entries', schema: ConfigHistorySchema } },
    handler: async ({ params }) => ({ status: 200, body: await readConfigHistory(deps.pool, 'product', params.id) }),
  }),
];

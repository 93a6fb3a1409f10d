import * as t from 'io-ts';
import { actorOf } from '../auth/caller';
import { ConfigHistorySchema, readConfigHistory } from '../audit/config-history';
import { boundedString } from '../../event-schemas/primitives';
import { notFound } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import type { CategoryLookup, PolicyField } from '../../event-schemas/contract/certificate-categories';
import { CategoryChangeBody, CategoryCode, NewCategoryBody, type CategoryRecord } from './category-fields';
import { listCategories, readCategory, readCategoryById, saveCategory } from './category-repository';
import { IntFromString } from '../core/http-codecs';
import { LogicalExpression } from '../groups/group-expression';
import { redemptionPolicyFieldList } from './redemption-criteria';

/** The short shape members (and the first admin call) read: what treatments and the wallet need of a category. */
const LookupAnswer = t.type({
  certificateCategoryCode: t.string,
  certificateCategoryName: t.string,
  nullifyAwards: t.boolean,
  certificateCategoryType: t.union([t.string, t.null]),
});
const lookup = (c: CategoryRecord): CategoryLookup => ({
  certificateCategoryCode: c.certificateCategoryCode,
  certificateCategoryName: c.certificateCategoryName,
  nullifyAwards: c.nullifyAwards,
  certificateCategoryType: c.certificateCategoryType,
});

const nullable = <C extends t.Mixed>(c: C) => t.union([c, t.null]);
const RecordAnswer = t.type({
  id: t.number,
  certificateCategoryCode: t.string,
  certificateCategoryName: t.string,
  certificateCategoryDesc: t.string,
  termsAndConditions: t.string,
  certificateCategoryType: t.union([t.literal('PURCHASABLE'), t.null]),
  nullifyAwards: t.boolean,
  displayStatusTypeCode: t.union([t.literal('ACTIVE'), t.literal('INACTIVE')]),
  defaultExpirationLengthDays: t.number,
  cardArtId: t.union([t.string, t.null]),
  purchaseAmount: t.union([t.number, t.null]),
  maxPurchaseQuantity: nullable(t.number),
  variants: t.array(t.type({ amount: t.number, purchaseAmount: t.number, redemptionCriteria: nullable(LogicalExpression) })),
  startDate: nullable(t.string),
  endDate: nullable(t.string),
  groupId: nullable(t.number),
  transferable: t.boolean,
  quantityInOneTreatment: nullable(t.number),
  daysToRestrictRedemption: t.number,
  showActivationDate: t.boolean,
  isPromo: t.boolean,
  promoType: nullable(t.string),
  promoName: nullable(t.string),
  displayCategory: nullable(t.string),
  totalUseable: nullable(t.number),
  associatedCategoryCodeIds: t.array(t.string),
  certificateType: nullable(t.string),
  eligibleUserType: nullable(t.string),
  quantityPerTreatmentCertificateType: nullable(t.string),
  quantityPerBrandFlag: t.boolean,
  restylaneQuantityInOneTreatment: t.number,
  dysportQuantityInOneTreatment: t.number,
  sculptraQuantityInOneTreatment: t.number,
});
const PolicyField = t.type({ fieldCode: t.string, name: t.string, type: t.string, operators: t.array(t.string) });
const IdParams = t.type({ id: IntFromString('CategoryId', 'must be a certificate category id (a whole number above 0)', (n) => n > 0) });
const FlagsBody = t.intersection([
  t.type({ certificateCategoryName: boundedString(120), nullifyAwards: t.boolean }),
  t.partial({ certificateCategoryType: t.union([t.literal('PURCHASABLE'), t.null]) }),
]);
const CodeParams = t.type({ code: CategoryCode });
const saveResponses = (ok: number) => ({
  [ok]: { description: 'Saved', schema: RecordAnswer },
  400: { description: 'Invalid fields, named (e.g. body.variants.1.purchaseAmount)' },
  403: { description: 'Not an admin' },
});

export const certificateCategoryRoutes = (deps: Deps) => {
  const findCardArt = deps.cardArt;
  return [
    // The member spec looks a category up by code (e.g. to name a certificate's category in the wallet).
    route({
      method: 'get',
      path: '/certificate-categories/code/:code',
      tag: 'Certificates',
      summary: 'One certificate category by its code',
      access: 'signed-in',
      params: CodeParams,
      responses: { 200: { description: 'The category', schema: LookupAnswer }, 404: { description: 'No category with this code' } },
      handler: async ({ params }) => {
        const found = await readCategory(deps.pool, params.code);
        if (!found) throw notFound(`Certificate category ${params.code}`);
        return { status: 200, body: lookup(found) };
      },
    }),
    // Before /{id}, which would otherwise read "redemption-policy-fields" as an id.
    route({
      method: 'get',
      path: '/certificate-categories/redemption-policy-fields',
      tag: 'Admin',
      summary: "What a variant's redemptionCriteria may test: each field with its type and the operators it takes",
      access: 'admin',
      responses: { 200: { description: 'Fields', schema: t.array(PolicyField) } },
      handler: async () => ({ status: 200, body: redemptionPolicyFieldList() satisfies PolicyField[] }),
    }),
    route({
      method: 'get',
      path: '/certificate-categories/:id',
      tag: 'Admin',
      summary: "One certificate category by its numeric id, with every field of the spec's record and its variants' redemptionCriteria",
      access: 'admin',
      params: IdParams,
      responses: { 200: { description: 'The category', schema: RecordAnswer }, 404: { description: 'No category with this id' } },
      handler: async ({ params }) => {
        const found = await readCategoryById(deps.pool, params.id);
        if (!found) throw notFound(`Certificate category ${params.id}`);
        return { status: 200, body: found };
      },
    }),
    // The spec's create and save calls. Its GET /certificate-categories/list is the gift shop's (members), so the
    // admin tool lists and loads under /admin/certificate-categories.
    route({
      method: 'post',
      path: '/certificate-categories',
      tag: 'Admin',
      summary: 'Create a certificate category with its variants (audited); 409 when the code is taken, ignoring case',
      access: 'admin',
      body: NewCategoryBody,
      responses: { ...saveResponses(201), 409: { description: 'The code is already used' } },
      handler: async ({ body, caller }) => {
        const { certificateCategoryCode: code, ...change } = body;
        return { status: 201, body: await saveCategory(deps.pool, { code, change, mode: 'create', actor: actorOf(caller), findCardArt }) };
      },
    }),
    route({
      method: 'put',
      path: '/certificate-categories',
      tag: 'Admin',
      summary: 'Change the certificate category the body names: the fields sent replace the current ones, variants as a whole list (audited)',
      access: 'admin',
      body: CategoryChangeBody,
      responses: { ...saveResponses(200), 404: { description: 'No category with this code' } },
      handler: async ({ body, caller }) => {
        const { certificateCategoryCode: code, ...change } = body;
        return { status: 200, body: await saveCategory(deps.pool, { code, change, mode: 'update', actor: actorOf(caller), findCardArt }) };
      },
    }),
    route({
      method: 'get',
      path: '/admin/certificate-categories',
      tag: 'Admin',
      summary: 'Every certificate category with its fields and variants, by code',
      access: 'admin',
      responses: { 200: { description: 'Categories', schema: t.array(RecordAnswer) } },
      handler: async () => ({ status: 200, body: await listCategories(deps.pool) }),
    }),
    route({
      method: 'get',
      path: '/admin/certificate-categories/:code',
      tag: 'Admin',
      summary: 'One certificate category with its fields and variants',
      access: 'admin',
      params: CodeParams,
      responses: { 200: { description: 'The category', schema: RecordAnswer }, 404: { description: 'No category with this code' } },
      handler: async ({ params }) => {
        const found = await readCategory(deps.pool, params.code);
        if (!found) throw notFound(`Certificate category ${params.code}`);
        return { status: 200, body: found };
      },
    }),
    route({
      method: 'put',
      path: '/admin/certificate-categories/:code',
      tag: 'Admin',
      summary: 'Create or rename a category and set its nullifyAwards and type (audited); nullifyAwards applies to treatments recorded afterwards',
      access: 'admin',
      params: CodeParams,
      body: FlagsBody,
      responses: {
        200: { description: 'Saved', schema: LookupAnswer },
        400: { description: 'Invalid' },
        409: { description: 'The code differs from another only by case' },
      },
      handler: async ({ params, body, caller }) => {
        const saved = await saveCategory(deps.pool, { code: params.code, change: body, mode: 'upsert', actor: actorOf(caller), findCardArt });
        return { status: 200, body: lookup(saved) };
      },
    }),
    route({
      method: 'get',
      path: '/admin/audit/certificate-categories/:code',
      tag: 'Admin',
      summary: 'Every change to a certificate category, oldest first',
      access: 'admin',
      params: CodeParams,
      responses: { 200: { description: 'Audit entries', schema: ConfigHistorySchema } },
      handler: async ({ params }) => ({ status: 200, body: await readConfigHistory(deps.pool, 'certificate-category', params.code) }),
    }),
  ];
};

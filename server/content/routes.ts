import type { ClientConfig } from '../../event-schemas/contract/programme-info';
import * as t from 'io-ts';
import { actorOf } from '../auth/caller';
import { route } from '../core/route';
import type { Deps } from '../deps';
import type { AcceptedBody } from '../../event-schemas/contract/wire-checks';
import type { ContentUpdate, NewContentEntry } from '../../event-schemas/contract/content';
import { ConfigHistorySchema, readConfigHistory } from '../audit/config-history';
import { code, refined } from '../../event-schemas/primitives';
import { PromotionWebsitePage } from '../../event-schemas';
import { findPromotionPage, insertContent, listContent, readContent, updateContent } from './content-repository';
import { answerEntries, parseEntriesQuery } from './query-entries';
import { SITE_ID } from './seed-entries';

/** The space our own delivery endpoint answers for; a real space is chosen with CONTENTFUL_SPACE_ID and CONTENTFUL_ACCESS_TOKEN. */
export const LOCAL_SPACE = 'rewards-local';
const LOCAL_TOKEN = 'local-delivery-token';

const EntryId = code('EntryId', 64);
const ContentType = refined(t.string, 'ContentType', 'must be a content type id (letters and digits, 1 to 64)', (s) => /^[A-Za-z][A-Za-z0-9]{0,63}$/.test(s), {
  pattern: '^[A-Za-z][A-Za-z0-9]{0,63}$',
});
const Fields = t.UnknownRecord;
const NewEntryBody = t.type({ id: EntryId, contentType: ContentType, fields: Fields });
const EntryUpdateBody = t.type({ id: EntryId, fields: Fields });
/** The content admin and the wizard send the contract's bodies; the codecs accept them. */
export type ContentBodiesAccepted = [AcceptedBody<typeof NewEntryBody, NewContentEntry>, AcceptedBody<typeof EntryUpdateBody, ContentUpdate>];
const Entry = t.type({ id: t.string, contentType: t.string, fields: Fields, createdAt: t.string, updatedAt: t.string });

export const contentRoutes = (deps: Deps) => [
  route(
    {
      method: 'get',
      path: '/cda/spaces/:space/environments/:env/entries',
      tag: 'Content',
      summary: 'Contentful-compatible delivery: content_type, sys.id, fields.<x> (and [in] lists), order, skip, limit',
      access: 'public',
      params: t.type({ space: t.string, env: t.string }),
      query: t.UnknownRecord,
      responses: { 200: { description: 'A Contentful entries collection' } },
      handler: async ({ params, query }) => {
        const parsed = parseEntriesQuery(query);
        const rows = await listContent(deps.pool, parsed.contentType);
        return { status: 200, body: answerEntries(rows, parsed, params.space, params.env), headers: { 'cache-control': 'no-cache' } };
      },
    },
    '',
  ),
  route({
    method: 'get',
    path: '/client-config',
    tag: 'Content',
    summary: "What the browser needs: the Contentful space (ours by default), the site id, the reward divisor and the programme's time zone",
    access: 'public',
    responses: { 200: { description: 'Client configuration' } },
    handler: async () => {
      const remote = deps.settings.contentful;
      const contentful = remote ? { ...remote, local: false } : { space: LOCAL_SPACE, accessToken: LOCAL_TOKEN, environment: 'master', local: true };
      const body: ClientConfig = {
        contentful,
        siteId: deps.settings.contentSiteId ?? SITE_ID,
        redemptionDivisor: deps.settings.redemptionDivisor,
        timeZone: deps.settings.timeZone,
      };
      return { status: 200, body };
    },
  }),
  route({
    method: 'get',
    path: '/content',
    tag: 'Content',
    summary: 'Every content entry, optionally of one content type (admins)',
    access: 'admin',
    query: t.partial({ contentType: t.string }),
    responses: { 200: { description: 'Entries', schema: t.array(Entry) } },
    handler: async ({ query }) => ({ status: 200, body: await listContent(deps.pool, query.contentType) }),
  }),
  route({
    // The admin spec's GET /content/en|promotool|website|{a}|{b}: the English promotion-tool website copy of
    // promotion {a}, page {b}. It is the promotionWebsite entry the promotion wizard files under that promotion and page.
    method: 'get',
    path: '/content/en/promotool/website/:promotionId/:page',
    tag: 'Content',
    summary: "One promotion page's copy (content type promotionWebsite) by promotion id and page: OVERVIEW, RULES or FAQ (admins)",
    access: 'admin',
    params: t.type({ promotionId: EntryId, page: PromotionWebsitePage }),
    responses: { 200: { description: 'The entry', schema: Entry }, 404: { description: 'No copy for that promotion and page' } },
    handler: async ({ params }) => ({ status: 200, body: await findPromotionPage(deps.pool, params.promotionId, params.page) }),
  }),
  route({
    method: 'get',
    path: '/content/:id',
    tag: 'Content',
    summary: 'One content entry (admins)',
    access: 'admin',
    params: t.type({ id: EntryId }),
    responses: { 200: { description: 'The entry', schema: Entry }, 404: { description: 'Unknown id' } },
    handler: async ({ params }) => ({ status: 200, body: await readContent(deps.pool, params.id) }),
  }),
  route({
    method: 'get',
    path: '/content/:id/audit',
    tag: 'Content',
    summary: "A content entry's change history from config_audit (admins)",
    access: 'admin',
    params: t.type({ id: EntryId }),
    responses: { 200: { description: 'Changes, oldest first', schema: ConfigHistorySchema } },
    handler: async ({ params }) => ({ status: 200, body: await readConfigHistory(deps.pool, 'content', params.id) }),
  }),
  route({
    method: 'post',
    path: '/content/insert',
    tag: 'Content',
    summary: 'Adds a content entry (admins); audited',
    access: 'admin',
    body: NewEntryBody,
    responses: { 201: { description: 'Created', schema: Entry }, 409: { description: 'The id is taken' } },
    handler: async ({ body, caller }) => ({ status: 201, body: await insertContent(deps.pool, actorOf(caller), body) }),
  }),
  route({
    method: 'put',
    path: '/content/update',
    tag: 'Content',
    summary: "Replaces a content entry's fields (admins); audited",
    access: 'admin',
    body: EntryUpdateBody,
    responses: { 200: { description: 'Updated', schema: Entry }, 404: { description: 'Unknown id' } },
    handler: async ({ body, caller }) => ({ status: 200, body: await updateContent(deps.pool, actorOf(caller), body) }),
  }),
];

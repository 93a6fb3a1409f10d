import * as t from 'io-ts';
import { actorOf } from '../auth/caller';
import { inTransaction } from '../db/config-audit';
import { issueApiKey, revokeApiKey } from './api-keys';
import { IntFromString } from '../core/http-codecs';
import { notFound } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { boundedString } from '../../event-schemas/primitives';

const Id = (name: string) => IntFromString(name, `must be a ${name} (a whole number above 0)`, (n) => n > 0);

/** Issuing and revoking a practice's API keys. The key itself is answered once; only its hash is stored. */
export const practiceApiKeyRoutes = (deps: Deps) => [
  route({
    method: 'post',
    path: '/admin/practices/:id/api-keys',
    tag: 'Admin',
    summary: 'Issue a practice API key; the answer is the only time the key is shown',
    access: 'admin',
    params: t.type({ id: Id('practice id') }),
    body: t.partial({ label: boundedString(80) }),
    responses: { 201: { description: 'Issued', schema: t.type({ apiKey: t.string, apiKeyId: t.number }) }, 404: { description: 'Unknown practice' } },
    handler: async ({ params, body, caller }) => {
      const issued = await inTransaction(deps.pool, async (db) => {
        const practice = await db.query('SELECT 1 FROM practices WHERE practice_id = $1', [params.id]);
        if (!practice.rowCount) throw notFound(`Practice ${params.id}`);
        return issueApiKey(db, params.id, body.label?.trim() ?? '', actorOf(caller));
      });
      return { status: 201, body: issued };
    },
  }),
  route({
    method: 'post',
    path: '/admin/practices/:id/api-keys/:keyId/revoke',
    tag: 'Admin',
    summary: 'Revoke one practice API key; its calls answer 401 from now on',
    access: 'admin',
    params: t.type({ id: Id('practice id'), keyId: Id('key id') }),
    responses: { 204: { description: 'Revoked' }, 404: { description: 'Unknown key for this practice' } },
    handler: async ({ params, caller }) => {
      await inTransaction(deps.pool, (db) => revokeApiKey(db, params.id, params.keyId, actorOf(caller)));
      return { status: 204 };
    },
  }),
];

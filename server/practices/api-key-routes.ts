import { randomBytes } from 'node:crypto';
import * as t from 'io-ts';
import { actorOf } from '../auth/caller';
import { hashToken } from '../auth/tokens';
import { auditConfigChange, inTransaction } from '../db/config-audit';
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
      const apiKey = `pk_${randomBytes(24).toString('base64url')}`;
      const label = body.label?.trim() ?? '';
      const apiKeyId = await inTransaction(deps.pool, async (db) => {
        const practice = await db.query('SELECT 1 FROM practices WHERE practice_id = $1', [params.id]);
        if (!practice.rowCount) throw notFound(`Practice ${params.id}`);
        const r = await db.query<{ api_key_id: string }>(
          'INSERT INTO practice_api_keys (practice_id, key_hash, label) VALUES ($1, $2, $3) RETURNING api_key_id',
          [params.id, hashToken(apiKey), label],
        );
        const id = Number(r.rows[0].api_key_id);
        await auditConfigChange(db, {
          entity: 'practice-api-key',
          entityId: id,
          action: 'issue',
          actor: actorOf(caller),
          before: null,
          after: { practiceId: params.id, label },
        });
        return id;
      });
      return { status: 201, body: { apiKey, apiKeyId } };
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
      await inTransaction(deps.pool, async (db) => {
        const r = await db.query<{ revoked_at: Date | null }>(
          'UPDATE practice_api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE api_key_id = $1 AND practice_id = $2 RETURNING revoked_at',
          [params.keyId, params.id],
        );
        if (!r.rowCount) throw notFound(`API key ${params.keyId} of practice ${params.id}`);
        await auditConfigChange(db, {
          entity: 'practice-api-key',
          entityId: params.keyId,
          action: 'revoke',
          actor: actorOf(caller),
          before: null,
          after: { revokedAt: r.rows[0].revoked_at },
        });
      });
      return { status: 204 };
    },
  }),
];

import * as t from 'io-ts';
import { boundedString } from '../../event-schemas/primitives';
import { actorOf, type Caller } from '../auth/caller';
import { IntFromString } from '../core/http-codecs';
import { route } from '../core/route';
import { inTransaction } from '../db/config-audit';
import { issueApiKey, revokeApiKey } from './api-keys';
import type { Deps } from '../deps';

const KeyId = IntFromString('KeyId', 'must be a key id (a whole number above 0)', (n) => n > 0);
const KeyItem = t.type({ apiKeyId: t.number, label: t.string, createdAt: t.string, revokedAt: t.union([t.string, t.null]) });

const practiceOf = (caller: Caller) => {
  if (caller.kind !== 'practice') throw new Error('a practice route was reached without a practice caller');
  return caller.practiceId;
};

/** A practice administrator's own API keys, for the practice's systems: issued (shown once), listed, revoked. */
export const practiceKeyRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/practice/api-keys',
    tag: 'Practices',
    summary: "The practice's API keys (never the keys themselves: only their labels and dates)",
    access: 'practice-admin',
    responses: { 200: { description: 'Newest first', schema: t.array(KeyItem) } },
    handler: async ({ caller }) => {
      const r = await deps.pool.query<{ api_key_id: string; label: string; created_at: Date; revoked_at: Date | null }>(
        'SELECT api_key_id, label, created_at, revoked_at FROM practice_api_keys WHERE practice_id = $1 ORDER BY api_key_id DESC',
        [practiceOf(caller)],
      );
      return {
        status: 200,
        body: r.rows.map((k) => ({
          apiKeyId: Number(k.api_key_id),
          label: k.label,
          createdAt: k.created_at.toISOString(),
          revokedAt: k.revoked_at?.toISOString() ?? null,
        })),
      };
    },
  }),
  route({
    method: 'post',
    path: '/practice/api-keys',
    tag: 'Practices',
    summary: 'Issue an API key for this practice; the answer is the only time the key is shown',
    access: 'practice-admin',
    body: t.partial({ label: boundedString(80) }),
    responses: { 201: { description: 'Issued', schema: t.type({ apiKey: t.string, apiKeyId: t.number }) } },
    handler: async ({ body, caller }) => {
      const issued = await inTransaction(deps.pool, (db) => issueApiKey(db, practiceOf(caller), body.label?.trim() ?? '', actorOf(caller)));
      return { status: 201, body: issued };
    },
  }),
  route({
    method: 'post',
    path: '/practice/api-keys/:keyId/revoke',
    tag: 'Practices',
    summary: 'Revoke one of this practice’s API keys; its calls answer 401 from now on',
    access: 'practice-admin',
    params: t.type({ keyId: KeyId }),
    responses: { 204: { description: 'Revoked' }, 404: { description: 'Not a key of this practice' } },
    handler: async ({ params, caller }) => {
      await inTransaction(deps.pool, (db) => revokeApiKey(db, practiceOf(caller), params.keyId, actorOf(caller)));
      return { status: 204 };
    },
  }),
];

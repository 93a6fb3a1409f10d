import type pg from 'pg';
import type { Caller } from '../auth/caller';
import { randomBytes } from 'node:crypto';
import type { Actor } from '../../event-schemas';
import { hashToken } from '../auth/tokens';
import { notFound } from '../core/problem';
import { auditConfigChange } from '../db/config-audit';

/** Resolves a practice system's `x-api-key`; a revoked or unknown key resolves to anonymous. */
export async function practiceCaller(db: pg.Pool, apiKey: string): Promise<Caller> {
  const r = await db.query<{ api_key_id: string; practice_id: string }>(
    'SELECT api_key_id, practice_id FROM practice_api_keys WHERE key_hash = $1 AND revoked_at IS NULL',
    [hashToken(apiKey)],
  );
  const row = r.rows[0];
  return row ? { kind: 'practice', practiceId: Number(row.practice_id), apiKeyId: Number(row.api_key_id), staff: null } : { kind: 'anonymous' };
}

export async function addApiKey(db: pg.Pool, practiceId: number, apiKey: string, label: string): Promise<number> {
  const r = await db.query<{ api_key_id: string }>('INSERT INTO practice_api_keys (practice_id, key_hash, label) VALUES ($1, $2, $3) RETURNING api_key_id', [
    practiceId,
    hashToken(apiKey),
    label,
  ]);
  return Number(r.rows[0].api_key_id);
}

/** Issues a key for the practice, audited; the key is answered here only (only its hash is kept). */
export async function issueApiKey(db: pg.PoolClient, practiceId: number, label: string, actor: Actor): Promise<{ apiKey: string; apiKeyId: number }> {
  const apiKey = `pk_${randomBytes(24).toString('base64url')}`;
  const r = await db.query<{ api_key_id: string }>('INSERT INTO practice_api_keys (practice_id, key_hash, label) VALUES ($1, $2, $3) RETURNING api_key_id', [
    practiceId,
    hashToken(apiKey),
    label,
  ]);
  const apiKeyId = Number(r.rows[0].api_key_id);
  await auditConfigChange(db, { entity: 'practice-api-key', entityId: apiKeyId, action: 'issue', actor, before: null, after: { practiceId, label } });
  return { apiKey, apiKeyId };
}

/** Revokes one of the practice's keys, audited; 404 for a key of another practice or none. */
export async function revokeApiKey(db: pg.PoolClient, practiceId: number, keyId: number, actor: Actor): Promise<void> {
  const r = await db.query<{ revoked_at: Date | null }>(
    'UPDATE practice_api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE api_key_id = $1 AND practice_id = $2 RETURNING revoked_at',
    [keyId, practiceId],
  );
  if (!r.rowCount) throw notFound(`API key ${keyId} of practice ${practiceId}`);
  await auditConfigChange(db, {
    entity: 'practice-api-key',
    entityId: keyId,
    action: 'revoke',
    actor,
    before: null,
    after: { revokedAt: r.rows[0].revoked_at },
  });
}

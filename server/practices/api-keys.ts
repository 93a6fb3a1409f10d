import type pg from 'pg';
import type { Caller } from '../auth/caller';
import { hashToken } from '../auth/tokens';

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

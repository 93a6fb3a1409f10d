import type pg from 'pg';
import type { Actor } from '../../event-schemas';

/** One row of the configuration audit trail, written in the same transaction as the change it describes. */
/** JSON with object keys sorted, so two equal records compare equal whatever order their keys were built in. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** Whether a change changed anything: a save of what was already there writes no history entry (issue 28: empty entries). */
export const changesSomething = (before: unknown, after: unknown): boolean => before === null || after === null || canonical(before) !== canonical(after);

export async function auditConfigChange(
  db: pg.PoolClient,
  change: { entity: string; entityId: string | number; action: string; actor: Actor; before: unknown; after: unknown },
): Promise<void> {
  if (!changesSomething(change.before, change.after)) return;
  await db.query('INSERT INTO config_audit (entity, entity_id, action, actor, before, after) VALUES ($1, $2, $3, $4, $5, $6)', [
    change.entity,
    String(change.entityId),
    change.action,
    JSON.stringify(change.actor),
    change.before === null ? null : JSON.stringify(change.before),
    change.after === null ? null : JSON.stringify(change.after),
  ]);
}

export interface AuditEntry {
  action: string;
  actor: Actor;
  before: unknown;
  after: unknown;
  occurredAt: string;
}

export async function readConfigAudit(db: pg.Pool, entity: string, entityId: string | number): Promise<AuditEntry[]> {
  const r = await db.query<{ action: string; actor: Actor; before: unknown; after: unknown; occurred_at: Date }>(
    'SELECT action, actor, before, after, occurred_at FROM config_audit WHERE entity = $1 AND entity_id = $2 ORDER BY id',
    [entity, String(entityId)],
  );
  return r.rows.map((row) => ({ action: row.action, actor: row.actor, before: row.before, after: row.after, occurredAt: row.occurred_at.toISOString() }));
}

/** Runs `work` in one transaction on its own connection (shared with the projections' rebuild). */
export { inTransaction } from '../../projections/in-transaction';

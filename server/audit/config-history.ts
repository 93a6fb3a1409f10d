import * as t from 'io-ts';
import type pg from 'pg';
import type { ConfigAuditEntry } from '../../event-schemas/contract/audit-entries';
import { readConfigAudit } from '../db/config-audit';
import { withActorNames } from './people-names';

/** The OpenAPI shape of a configuration history (event-schemas/contract/audit-entries.ts). */
export const ConfigHistorySchema = t.array(
  t.type({
    action: t.string,
    actor: t.unknown,
    actorNames: t.type({ admin: t.union([t.string, t.null]), member: t.union([t.string, t.null]) }),
    before: t.unknown,
    after: t.unknown,
    occurredAt: t.string,
  }),
);

/** A configuration record's history for the admin screens: every change, oldest first, its people by name. */
export async function readConfigHistory(db: pg.Pool, entity: string, entityId: string | number): Promise<ConfigAuditEntry[]> {
  const entries = await readConfigAudit(db, entity, entityId);
  return withActorNames(
    db,
    entries.map((e) => ({ ...e, before: e.before as Record<string, unknown> | null, after: e.after as Record<string, unknown> | null })),
  );
}

import type pg from 'pg';
import type { Actor } from '../../event-schemas';
import { formatUsPhone } from '../../event-schemas/contract/rules';
import { CONTACTS_ENTITY, type Contacts } from '../participants/contact-changes';
import { PROFILE_ENTITY } from '../participants/profile-routes';

/**
 * A change to the member's own record (their phones, e-mail addresses, name, ZIP or birth date). These are kept in
 * the configuration audit trail, not in the log, so they have no log position: `position` is `audit-{id}`, and the
 * timeline places them among the events by time.
 */
export interface RecordChange {
  type: string;
  data: { action: string; description: string };
  actor: Actor;
  occurredAt: string;
  position: string;
}

/** "phone-added" → "PhoneAdded": the timeline's types are event-like names, which support's labels turn into words. */
const typeOf = (action: string) => action.replace(/(^|-)([a-z])/g, (_m, _dash: string, c: string) => c.toUpperCase());

const PROFILE_FIELDS: Record<string, string> = { first_name: 'First name', last_name: 'Last name', postal_code: 'ZIP', date_of_birth: 'Birth date' };

const asContacts = (v: unknown): Contacts => {
  const c = (v ?? {}) as Partial<Contacts>;
  return { phones: Array.isArray(c.phones) ? c.phones : [], emails: Array.isArray(c.emails) ? c.emails : [] };
};

/** What a contacts change did, in words: numbers and addresses added or removed, and which one is now preferred. */
function contactsWords(beforeRaw: unknown, afterRaw: unknown): string {
  const before = asContacts(beforeRaw);
  const after = asContacts(afterRaw);
  const words: string[] = [];
  const diff = <T>(label: string, of: (c: Contacts) => T[], key: (x: T) => string, shown: (k: string) => string, preferred: (x: T) => boolean) => {
    const was = new Set(of(before).map(key));
    const is = new Set(of(after).map(key));
    for (const k of is) if (!was.has(k)) words.push(`${label} ${shown(k)} added`);
    for (const k of was) if (!is.has(k)) words.push(`${label} ${shown(k)} removed`);
    const preferredBefore = of(before).find(preferred);
    const preferredAfter = of(after).find(preferred);
    if (preferredAfter && (!preferredBefore || key(preferredBefore) !== key(preferredAfter)))
      words.push(`Preferred ${label.toLowerCase()} ${shown(key(preferredAfter))}`);
  };
  diff(
    'Phone',
    (c) => c.phones,
    (p) => p.phone,
    formatUsPhone,
    (p) => p.preferred === 'Y',
  );
  diff(
    'E-mail',
    (c) => c.emails,
    (e) => e.emailAddress.toLowerCase(),
    (k) => k,
    (e) => e.preferred === 'Y',
  );
  return words.join('; ');
}

function profileWords(beforeRaw: unknown, afterRaw: unknown): string {
  const before = (beforeRaw ?? {}) as Record<string, unknown>;
  const after = (afterRaw ?? {}) as Record<string, unknown>;
  return Object.keys(after)
    .map((k) => `${PROFILE_FIELDS[k] ?? k} ${String(before[k] ?? '')} → ${String(after[k] ?? '')}`)
    .join('; ');
}

/**
 * Every change to the member's record, oldest first, with who made it (issue 54: what an impersonating admin changed
 * there was missing between "Impersonation started" and "ended" in support's history). An erased member's entries keep
 * what was done and by whom; their values were blanked by the erasure, so the words are empty.
 */
export async function memberRecordChanges(db: pg.Pool, paxId: number): Promise<RecordChange[]> {
  const r = await db.query<{ id: string; entity: string; action: string; actor: Actor; before: unknown; after: unknown; occurred_at: Date }>(
    'SELECT id, entity, action, actor, before, after, occurred_at FROM config_audit WHERE entity = ANY($1::text[]) AND entity_id = $2 ORDER BY id',
    [[CONTACTS_ENTITY, PROFILE_ENTITY], String(paxId)],
  );
  return r.rows.map((row) => ({
    type: typeOf(row.action),
    data: {
      action: row.action,
      description: row.entity === CONTACTS_ENTITY ? contactsWords(row.before, row.after) : profileWords(row.before, row.after),
    },
    actor: row.actor,
    occurredAt: row.occurred_at.toISOString(),
    position: `audit-${row.id}`,
  }));
}

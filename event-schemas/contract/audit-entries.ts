import type { Actor } from '../metadata';

// The histories' answers, declared once: the audit routes build them and the admin screens read them (issue 28: every
// history names its people; issue 29: the client restates no server shape).

/** The people an actor names, by name where the programme knows them (null for an erased or unknown person). */
export interface ActorNames {
  admin: string | null;
  member: string | null;
}

/** One event of a stream's history (GET /admin/audit/promotions/{id}, /admin/audit/certificates/{id}), oldest first. */
export interface EventAuditEntry {
  type: string;
  data: Record<string, unknown>;
  actor: Actor;
  actorNames: ActorNames;
  occurredAt: string;
  position: string;
}

/**
 * One change of a configuration record (products, categories, content, surveys, campaigns, a member's contacts), oldest
 * first: the record before and after it; `before` is null for a creation, `after` for a deletion.
 */
export interface ConfigAuditEntry<R = Record<string, unknown>> {
  action: string;
  actor: Actor;
  actorNames: ActorNames;
  before: R | null;
  after: R | null;
  occurredAt: string;
}

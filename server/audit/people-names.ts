import type pg from 'pg';
import type { Actor } from '../../event-schemas';
import type { ActorNames } from '../../event-schemas/contract/audit-entries';

export type { ActorNames };

/** The pax ids an actor names: the admin and, when acting as a member, that member too. */
const idsOf = (actor: Actor): number[] =>
  actor.kind === 'admin'
    ? [actor.adminId]
    : actor.kind === 'admin-as-participant'
      ? [actor.adminId, actor.paxId]
      : actor.kind === 'participant'
        ? [actor.paxId]
        : [];

/**
 * Names for the actors of a history, read in one query (issue 28: histories said "Admin 1" where the name was known).
 * Admins are participants with is_admin, so one table names both people of an impersonation.
 */
export async function actorNamesFor(db: pg.Pool, actors: readonly Actor[]): Promise<(actor: Actor) => ActorNames> {
  const ids = [...new Set(actors.flatMap(idsOf))];
  const names = new Map<number, string>();
  if (ids.length > 0) {
    const r = await db.query<{ pax_id: string; first_name: string | null; last_name: string | null }>(
      'SELECT pax_id, first_name, last_name FROM participants WHERE pax_id = ANY($1::bigint[])',
      [ids],
    );
    for (const row of r.rows) {
      const name = `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim();
      if (name) names.set(Number(row.pax_id), name);
    }
  }
  const nameOf = (id: number) => names.get(id) ?? null;
  return (actor) => {
    if (actor.kind === 'admin') return { admin: nameOf(actor.adminId), member: null };
    if (actor.kind === 'admin-as-participant') return { admin: nameOf(actor.adminId), member: nameOf(actor.paxId) };
    if (actor.kind === 'participant') return { admin: null, member: nameOf(actor.paxId) };
    return { admin: null, member: null };
  };
}

/** Each entry of a history with the people its actor names, read in one query. */
export async function withActorNames<E extends { actor: Actor }>(db: pg.Pool, entries: readonly E[]): Promise<(E & { actorNames: ActorNames })[]> {
  const namesOf = await actorNamesFor(
    db,
    entries.map((e) => e.actor),
  );
  return entries.map((e) => ({ ...e, actorNames: namesOf(e.actor) }));
}

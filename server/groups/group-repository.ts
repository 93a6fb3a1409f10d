import type pg from 'pg';
import type { Actor } from '../../event-schemas';
import { auditConfigChange, inTransaction } from '../db/config-audit';
import { notFound, Problem } from '../core/problem';
import { ageOn, matchesExpression, type ParticipantFacts } from './evaluate-group';
import type { LogicalExpression } from './group-expression';
import type { ParticipantGroup as WireGroup } from '../../event-schemas/contract/participant-groups';
import type { Answers } from '../../event-schemas/contract/wire-checks';
import { compileExpression } from './group-sql';

export interface ParticipantGroup {
  id: number;
  name: string;
  groupName: string;
  logicalExpression: LogicalExpression;
}
/** The group routes answer the contract's group (event-schemas/contract/participant-groups.ts). */
export type ParticipantGroupAnswer = Answers<ParticipantGroup, WireGroup>;

type GroupRow = { id: string; name: string; logical_expression: LogicalExpression };
const toGroup = (r: GroupRow): ParticipantGroup => ({ id: Number(r.id), name: r.name, groupName: r.name, logicalExpression: r.logical_expression });

export async function findGroup(db: pg.Pool | pg.PoolClient, id: number): Promise<ParticipantGroup | undefined> {
  const r = await db.query<GroupRow>('SELECT id, name, logical_expression FROM participant_groups WHERE id = $1 AND deleted_at IS NULL', [id]);
  return r.rows[0] ? toGroup(r.rows[0]) : undefined;
}

export async function listGroups(db: pg.Pool, search: string, page: number, size: number): Promise<{ items: ParticipantGroup[]; totalElements: number }> {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [rows, count] = await Promise.all([
    db.query<GroupRow>(
      'SELECT id, name, logical_expression FROM participant_groups WHERE deleted_at IS NULL AND name ILIKE $1 ORDER BY lower(name), id LIMIT $2 OFFSET $3',
      [pattern, size, page * size],
    ),
    db.query<{ n: string }>('SELECT count(*) AS n FROM participant_groups WHERE deleted_at IS NULL AND name ILIKE $1', [pattern]),
  ]);
  return { items: rows.rows.map(toGroup), totalElements: Number(count.rows[0].n) };
}

/**
 * Group names are unique ignoring case among live groups (issue 54, item 6): every "Offered to" picker lists groups by
 * name, so two of one name were indistinguishable. Names are checked under one lock, so two saves of one name at once
 * cannot both pass; a deleted group's name is free again.
 */
async function assertNameFree(db: pg.PoolClient, name: string, exceptId: number | null): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('participant-group-names'))`);
  const taken = await db.query<{ name: string }>(
    'SELECT name FROM participant_groups WHERE deleted_at IS NULL AND lower(name) = lower($1) AND id IS DISTINCT FROM $2 LIMIT 1',
    [name, exceptId],
  );
  if (taken.rowCount)
    throw new Problem('conflict', `A participant group is already named "${taken.rows[0].name}": choose another name`, [
      { path: 'body.name', message: `is already the name of another group ("${taken.rows[0].name}")` },
    ]);
}

export const createGroup = (pool: pg.Pool, actor: Actor, name: string, expression: LogicalExpression) =>
  inTransaction(pool, async (db) => {
    await assertNameFree(db, name, null);
    const r = await db.query<GroupRow>('INSERT INTO participant_groups (name, logical_expression) VALUES ($1, $2) RETURNING id, name, logical_expression', [
      name,
      JSON.stringify(expression),
    ]);
    const group = toGroup(r.rows[0]);
    await auditConfigChange(db, { entity: 'participant-group', entityId: group.id, action: 'create', actor, before: null, after: group });
    return group;
  });

export const updateGroup = (pool: pg.Pool, actor: Actor, id: number, name: string | undefined, expression: LogicalExpression) =>
  inTransaction(pool, async (db) => {
    const before = await lockGroup(db, id);
    if (name !== undefined) await assertNameFree(db, name, id);
    const r = await db.query<GroupRow>(
      'UPDATE participant_groups SET name = $2, logical_expression = $3, updated_at = now() WHERE id = $1 RETURNING id, name, logical_expression',
      [id, name ?? before.name, JSON.stringify(expression)],
    );
    const after = toGroup(r.rows[0]);
    await auditConfigChange(db, { entity: 'participant-group', entityId: id, action: 'update', actor, before, after });
    return after;
  });

export const deleteGroup = (pool: pg.Pool, actor: Actor, id: number) =>
  inTransaction(pool, async (db) => {
    const before = await lockGroup(db, id);
    await db.query('UPDATE participant_groups SET deleted_at = now() WHERE id = $1', [id]);
    await auditConfigChange(db, { entity: 'participant-group', entityId: id, action: 'delete', actor, before, after: null });
  });

async function lockGroup(db: pg.PoolClient, id: number): Promise<ParticipantGroup> {
  const r = await db.query<GroupRow>('SELECT id, name, logical_expression FROM participant_groups WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [id]);
  if (!r.rows[0]) throw notFound(`Participant group ${id}`);
  return toGroup(r.rows[0]);
}

/** The facts groups are decided on, read from the participant tables. */
export async function participantFacts(db: pg.Pool, paxId: number, today: string): Promise<ParticipantFacts | undefined> {
  const r = await db.query<{ first_name: string; last_name: string; postal_code: string | null; dob: string | null; enrolled: string; email: string | null }>(
    `SELECT p.first_name, p.last_name, p.postal_code, to_char(p.date_of_birth, 'YYYY-MM-DD') AS dob, to_char(p.created_at, 'YYYY-MM-DD') AS enrolled,
       (SELECT email_address FROM participant_emails e WHERE e.pax_id = p.pax_id ORDER BY (preferred = 'Y') DESC, id LIMIT 1) AS email
     FROM participants p WHERE p.pax_id = $1`,
    [paxId],
  );
  const p = r.rows[0];
  if (!p) return undefined;
  return {
    paxId,
    firstName: p.first_name,
    lastName: p.last_name,
    emailDomain: p.email ? p.email.slice(p.email.lastIndexOf('@') + 1).toLowerCase() : null,
    postalCode: p.postal_code ? p.postal_code.slice(0, 5) : null,
    ageYears: p.dob ? ageOn(p.dob, today) : null,
    enrolledDate: p.enrolled,
  };
}

/** Ids of the given groups the participant belongs to; deleted or unknown groups hold nobody. */
export async function groupsContaining(db: pg.Pool, groupIds: number[], facts: ParticipantFacts): Promise<Set<number>> {
  if (groupIds.length === 0) return new Set();
  const r = await db.query<GroupRow>('SELECT id, name, logical_expression FROM participant_groups WHERE id = ANY($1) AND deleted_at IS NULL', [groupIds]);
  return new Set(
    r.rows
      .map(toGroup)
      .filter((g) => matchesExpression(g.logicalExpression, facts))
      .map((g) => g.id),
  );
}

/** How many participants an expression holds on `today`: one compiled query, answered from indexes where it can. */
export async function countMembers(db: pg.Pool, expression: LogicalExpression, today: string): Promise<number> {
  const { sql, params } = compileExpression(expression, today);
  const r = await db.query<{ n: string }>(`SELECT count(*) AS n FROM participants p WHERE ${sql}`, params);
  return Number(r.rows[0].n);
}

/** The ids an expression holds (tests compare them with the evaluator's answer, member for member). */
export async function memberIds(db: pg.Pool, expression: LogicalExpression, today: string): Promise<number[]> {
  const { sql, params } = compileExpression(expression, today);
  const r = await db.query<{ pax_id: string }>(`SELECT p.pax_id FROM participants p WHERE ${sql} ORDER BY p.pax_id`, params);
  return r.rows.map((x) => Number(x.pax_id));
}

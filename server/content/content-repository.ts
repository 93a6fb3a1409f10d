import type pg from 'pg';
import type { Actor } from '../../event-schemas';
import { auditConfigChange, inTransaction } from '../db/config-audit';
import { notFound, Problem } from '../core/problem';
import type { ContentRow } from './query-entries';

interface Row {
  id: string;
  content_type: string;
  fields: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const toRow = (r: Row): ContentRow => ({
  id: r.id,
  contentType: r.content_type,
  fields: r.fields,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

const COLUMNS = 'id, content_type, fields, created_at, updated_at';

export async function listContent(db: pg.Pool, contentType?: string): Promise<ContentRow[]> {
  const r = contentType
    ? await db.query<Row>(`SELECT ${COLUMNS} FROM content_entries WHERE content_type = $1 ORDER BY id`, [contentType])
    : await db.query<Row>(`SELECT ${COLUMNS} FROM content_entries ORDER BY content_type, id`);
  return r.rows.map(toRow);
}

/** The promotionWebsite entry of one promotion's page; the lowest id wins should two claim it, every time. */
export async function findPromotionPage(db: pg.Pool, promotionId: string, page: string): Promise<ContentRow> {
  const r = await db.query<Row>(
    `SELECT ${COLUMNS} FROM content_entries WHERE content_type = 'promotionWebsite' AND fields->>'promotionId' = $1 AND fields->>'page' = $2 ORDER BY id LIMIT 1`,
    [promotionId, page],
  );
  if (!r.rows[0]) throw notFound(`The ${page} page of promotion ${promotionId}`);
  return toRow(r.rows[0]);
}

export async function readContent(db: pg.Pool, id: string): Promise<ContentRow> {
  const r = await db.query<Row>(`SELECT ${COLUMNS} FROM content_entries WHERE id = $1`, [id]);
  if (!r.rows[0]) throw notFound(`Content entry ${id}`);
  return toRow(r.rows[0]);
}

export async function insertContent(
  pool: pg.Pool,
  actor: Actor,
  entry: { id: string; contentType: string; fields: Record<string, unknown> },
): Promise<ContentRow> {
  return inTransaction(pool, async (db) => {
    const r = await db.query<Row>(
      `INSERT INTO content_entries (id, content_type, fields) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING ${COLUMNS}`,
      [entry.id, entry.contentType, JSON.stringify(entry.fields)],
    );
    if (!r.rows[0]) throw new Problem('conflict', `Content entry ${entry.id} already exists`, [{ path: 'body.id', message: 'is already used' }]);
    const row = toRow(r.rows[0]);
    await auditConfigChange(db, {
      entity: 'content',
      entityId: row.id,
      action: 'inserted',
      actor,
      before: null,
      after: { contentType: row.contentType, fields: row.fields },
    });
    return row;
  });
}

export async function updateContent(pool: pg.Pool, actor: Actor, change: { id: string; fields: Record<string, unknown> }): Promise<ContentRow> {
  return inTransaction(pool, async (db) => {
    const before = await db.query<Row>(`SELECT ${COLUMNS} FROM content_entries WHERE id = $1 FOR UPDATE`, [change.id]);
    if (!before.rows[0]) throw notFound(`Content entry ${change.id}`);
    const r = await db.query<Row>(`UPDATE content_entries SET fields = $2, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`, [
      change.id,
      JSON.stringify(change.fields),
    ]);
    const row = toRow(r.rows[0]);
    await auditConfigChange(db, {
      entity: 'content',
      entityId: row.id,
      action: 'updated',
      actor,
      before: { fields: before.rows[0].fields },
      after: { fields: row.fields },
    });
    return row;
  });
}

import type pg from 'pg';

export interface ParticipantSearch {
  search: string;
  page: number;
  size: number;
}

export interface ParticipantSummary {
  paxId: number;
  firstName: string;
  lastName: string;
  /** The preferred e-mail, else the first one recorded; null for an account without any. */
  email: string | null;
  postalCode: string | null;
  isAdmin: boolean;
  enrolledAt: string;
}

export interface ParticipantPage {
  items: ParticipantSummary[];
  page: number;
  size: number;
  totalElements: number;
}

/** `%`, `_` and `\` typed by an admin are letters to look for, not wildcards. */
const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One branch per way a member can be found, each answerable by one index (participant-search-schema.ts); UNION
 * joins them without the OR that would push the planner to a scan of every participant.
 */
export const matchingIdsSql = (search: string): { sql: string; values: unknown[] } => {
  const term = search.trim().replace(/\s+/g, ' ');
  const values: unknown[] = [];
  const param = (v: unknown) => `$${values.push(v)}`;
  const branches: string[] = [];
  if (/^\d{1,15}$/.test(term)) branches.push(`SELECT pax_id FROM participants WHERE pax_id = ${param(Number(term))}`);
  const whole = param(likePrefix(term));
  branches.push(
    `SELECT pax_id FROM participants WHERE lower(last_name) LIKE ${whole}`,
    `SELECT pax_id FROM participants WHERE lower(first_name) LIKE ${whole}`,
    `SELECT pax_id FROM participant_emails WHERE lower(email_address) LIKE ${whole}`,
  );
  // "Morgan Mem" or "Member Mor": a first and a last name prefix, in either order.
  const words = term.split(' ');
  if (words.length === 2) {
    const [a, b] = [param(likePrefix(words[0])), param(likePrefix(words[1]))];
    branches.push(
      `SELECT pax_id FROM participants WHERE lower(first_name) LIKE ${a} AND lower(last_name) LIKE ${b}`,
      `SELECT pax_id FROM participants WHERE lower(last_name) LIKE ${a} AND lower(first_name) LIKE ${b}`,
    );
  }
  return { sql: branches.join('\nUNION\n'), values };
};

type Row = { pax_id: string; first_name: string; last_name: string; email: string | null; postal_code: string | null; is_admin: boolean; created_at: Date };

/** Members found by paxId (exact), e-mail or first/last name (prefixes, any case), ordered by name. */
export async function searchParticipants(pool: pg.Pool, { search, page, size }: ParticipantSearch): Promise<ParticipantPage> {
  // An empty search finds no one: listing (and counting) every member is not a search, and it would not stay fast.
  if (search.trim() === '') return { items: [], page, size, totalElements: 0 };
  const matches = matchingIdsSql(search);
  const n = matches.values.length;
  const [total, rows] = await Promise.all([
    pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${matches.sql}) m`, matches.values),
    pool.query<Row>(
      `SELECT p.pax_id, p.first_name, p.last_name, e.email_address AS email, p.postal_code, p.is_admin, p.created_at
         FROM (${matches.sql}) m
         JOIN participants p USING (pax_id)
         LEFT JOIN LATERAL (
           SELECT email_address FROM participant_emails pe WHERE pe.pax_id = p.pax_id ORDER BY pe.preferred DESC, pe.id LIMIT 1
         ) e ON true
        ORDER BY lower(p.last_name), lower(p.first_name), p.pax_id
        LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...matches.values, size, page * size],
    ),
  ]);
  return {
    items: rows.rows.map((r) => ({
      paxId: Number(r.pax_id),
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      postalCode: r.postal_code,
      isAdmin: r.is_admin,
      enrolledAt: r.created_at.toISOString(),
    })),
    page,
    size,
    totalElements: total.rows[0].total,
  };
}

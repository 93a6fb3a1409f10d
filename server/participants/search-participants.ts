import type { ParticipantPage, ParticipantSummary } from '../../event-schemas/contract/participants';
import type pg from 'pg';

export interface ParticipantSearch {
  search: string;
  page: number;
  size: number;
}

/** GET /admin/participants answers the contract's page (event-schemas/contract/participants.ts). */
export type { ParticipantPage, ParticipantSummary };

/** `%`, `_` and `\` typed by an admin are letters to look for, not wildcards. */
const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One branch per way a member can be found, each answerable by one index (participant-search-schema.ts); UNION
 * joins them without the OR that would push the planner to a scan of every participant. Each branch carries the
 * names the page is sorted by, so sorting a broad match needs no second visit to the participants table.
 */
export const matchingMembersSql = (search: string): { sql: string; values: unknown[] } => {
  const term = search.trim().replace(/\s+/g, ' ');
  const values: unknown[] = [];
  const param = (v: unknown) => `$${values.push(v)}`;
  // An erased member is no one to find (issue 25): their names are blank and their e-mails gone, and their id finds nothing either.
  const from = (where: string) => `SELECT pax_id, last_name, first_name FROM participants WHERE erased_at IS NULL AND ${where}`;
  const branches: string[] = [];
  if (/^\d{1,15}$/.test(term)) branches.push(from(`pax_id = ${param(Number(term))}`));
  const whole = param(likePrefix(term));
  branches.push(
    from(`lower(last_name) LIKE ${whole}`),
    from(`lower(first_name) LIKE ${whole}`),
    `SELECT p.pax_id, p.last_name, p.first_name FROM participant_emails e JOIN participants p ON p.pax_id = e.pax_id WHERE lower(e.email_address) LIKE ${whole}`,
  );
  // "Morgan Mem" or "Member Mor": a first and a last name prefix, in either order.
  const words = term.split(' ');
  if (words.length === 2) {
    const [a, b] = [param(likePrefix(words[0])), param(likePrefix(words[1]))];
    branches.push(from(`lower(first_name) LIKE ${a} AND lower(last_name) LIKE ${b}`), from(`lower(last_name) LIKE ${a} AND lower(first_name) LIKE ${b}`));
  }
  return { sql: branches.join('\nUNION\n'), values };
};

type Row = {
  total: number;
  pax_id: string | null;
  first_name: string;
  last_name: string;
  email: string | null;
  postal_code: string | null;
  is_admin: boolean;
  created_at: Date;
};

/**
 * Members found by paxId (exact), e-mail or first/last name (prefixes, any case), ordered by name. One statement:
 * the matches are gathered once (MATERIALIZED), counted, sorted and cut to the page; only the page's rows are read
 * in full and look up their e-mail. (Two statements, or a parallel plan, gathered a broad match three or four times.)
 */
export async function searchParticipants(pool: pg.Pool, { search, page, size }: ParticipantSearch): Promise<ParticipantPage> {
  // An empty search finds no one: listing (and counting) every member is not a search, and it would not stay fast.
  if (search.trim() === '') return { items: [], page, size, totalElements: 0 };
  const matches = matchingMembersSql(search);
  const n = matches.values.length;
  const r = await pool.query<Row>(
    `WITH m AS MATERIALIZED (${matches.sql}),
       total AS (SELECT count(*)::int AS total FROM m),
       page AS (SELECT pax_id FROM m ORDER BY lower(last_name), lower(first_name), pax_id LIMIT $${n + 1} OFFSET $${n + 2})
     SELECT total.total, p.pax_id, p.first_name, p.last_name, p.postal_code, p.is_admin, p.created_at,
            (SELECT email_address FROM participant_emails pe WHERE pe.pax_id = p.pax_id ORDER BY pe.preferred DESC, pe.id LIMIT 1) AS email
       FROM total
       LEFT JOIN (page JOIN participants p ON p.pax_id = page.pax_id) ON true
      ORDER BY lower(p.last_name), lower(p.first_name), p.pax_id`,
    [...matches.values, size, page * size],
  );
  return {
    items: r.rows
      .filter((row) => row.pax_id !== null)
      .map((row) => ({
        paxId: Number(row.pax_id),
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        postalCode: row.postal_code,
        isAdmin: row.is_admin,
        enrolledAt: row.created_at.toISOString(),
      })),
    page,
    size,
    totalElements: r.rows[0]?.total ?? 0,
  };
}

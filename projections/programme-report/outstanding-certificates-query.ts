import type pg from 'pg';
import type { OutstandingCertificate } from '../../event-schemas/contract/programme-reports';

export interface OutstandingCertificatesPage {
  items: Omit<OutstandingCertificate, 'name'>[];
  totalElements: number;
  totalValue: number;
}

/**
 * The holdings of `category` that counted at the end of programme day `asOf`: the ended ones that span it (read from
 * the key's range of those ending after it) and the ones not yet ended that began by then (a partial index). For the
 * current day that is little more than the answer. Summed per certificate and member they are 1 for a certificate
 * held then (a reversed span, of events dated out of log order, takes one back), as the report's counts are.
 */
const HELD = `SELECT certificate_id, pax_id, max(cents) AS cents FROM (
    SELECT certificate_id, pax_id, delta, cents FROM rm_report_certificate_spans WHERE category = $1 AND until_day > $2::date AND from_day <= $2::date
    UNION ALL
    SELECT certificate_id, pax_id, 1, cents FROM rm_report_certificates WHERE category = $1 AND held_from <= $2::date
  ) holdings GROUP BY certificate_id, pax_id HAVING sum(delta) > 0`;

/**
 * The certificates of `category` active and unused at the end of programme day `asOf`, each with the member who held
 * it then, page `page` of `size` (by certificate id). The totals (window sums over every such certificate) equal the
 * liability's count and value.
 */
export async function outstandingCertificates(
  pool: pg.Pool,
  q: { category: string; asOf: string; page: number; size: number },
): Promise<OutstandingCertificatesPage> {
  const r = await pool.query<{ certificate_id: string; pax_id: string; cents: string; n: string; total_cents: string }>(
    `SELECT certificate_id, pax_id, cents, count(*) OVER () AS n, sum(cents) OVER () AS total_cents FROM (${HELD}) held
     ORDER BY certificate_id LIMIT $3 OFFSET $4`,
    [q.category, q.asOf, q.size, q.page * q.size],
  );
  // A page past the last has no rows to carry the window totals: count them alone then.
  const totals =
    r.rows.length > 0 || q.page === 0
      ? { n: r.rows[0]?.n ?? '0', cents: r.rows[0]?.total_cents ?? '0' }
      : (await pool.query<{ n: string; cents: string | null }>(`SELECT count(*) AS n, sum(cents) AS cents FROM (${HELD}) held`, [q.category, q.asOf])).rows.map(
          (t) => ({ n: t.n, cents: t.cents ?? '0' }),
        )[0];
  return {
    items: r.rows.map((row) => ({ certificateId: row.certificate_id, paxId: Number(row.pax_id), value: Number(row.cents) / 100 })),
    totalElements: Number(totals.n),
    totalValue: Number(totals.cents) / 100,
  };
}

import type pg from 'pg';
import type { Reimbursement, Statement, StatementsOverview } from '../../event-schemas/contract/practices';

export type { Statement, StatementsOverview };

const cents = (n: number) => Math.round(n * 100) / 100;

/** One practice's statement for a programme month (`YYYY-MM`): its lines, one index range, and what they add up to. */
export async function practiceStatement(pool: pg.Pool, practiceId: number, month: string): Promise<Statement> {
  const r = await pool.query<{ treatment_id: string; kind: string; certificate_code: string; date_of_service: string; category: string | null; value: string }>(
    `SELECT treatment_id, kind, certificate_code, to_char(date_of_service, 'YYYY-MM-DD') AS date_of_service, category, value
       FROM rm_practice_statement_lines WHERE practice_id = $1 AND month = $2 ORDER BY date_of_service, treatment_id, kind, certificate_code`,
    [practiceId, month],
  );
  const byCategory = new Map<string, { count: number; value: number }>();
  const items: Statement['items'] = [];
  let recorded = 0;
  let voided = 0;
  let total = 0;
  for (const row of r.rows) {
    if (row.certificate_code === '') {
      if (row.kind === 'RECORDED') recorded += 1;
      else voided += 1;
      continue;
    }
    const value = Number(row.value);
    const category = row.category ?? '';
    const sum = byCategory.get(category) ?? { count: 0, value: 0 };
    sum.count += row.kind === 'RECORDED' ? 1 : -1;
    sum.value = cents(sum.value + value);
    byCategory.set(category, sum);
    total = cents(total + value);
    items.push({
      treatmentId: row.treatment_id,
      dateOfService: row.date_of_service,
      certificateCode: row.certificate_code,
      category,
      value,
      voided: row.kind === 'VOIDED',
    });
  }
  return {
    practiceId,
    month,
    treatmentsRecorded: recorded,
    treatmentsVoided: voided,
    certificates: [...byCategory].sort(([a], [b]) => (a < b ? -1 : 1)).map(([category, s]) => ({ category, ...s })),
    reimbursementTotal: total,
    items,
    reimbursed: (await reimbursementsOf(pool, month, practiceId)).get(practiceId) ?? null,
  };
}

/** The payments recorded for a month, by practice (one practice's, or every one's). */
export async function reimbursementsOf(pool: pg.Pool, month: string, practiceId?: number): Promise<Map<number, Reimbursement>> {
  const r = await pool.query<{ practice_id: string; amount: string; reference: string; paid_at: Date }>(
    `SELECT practice_id, amount, reference, paid_at FROM practice_reimbursements WHERE month = $1 AND ($2::bigint IS NULL OR practice_id = $2)`,
    [month, practiceId ?? null],
  );
  return new Map(r.rows.map((row) => [Number(row.practice_id), { amount: Number(row.amount), reference: row.reference, paidAt: row.paid_at.toISOString() }]));
}

/**
 * Every practice's statement for a month, a line each (a practice with nothing that month is left out), with what
 * was paid: one pass over the month's lines.
 */
export async function statementsOverview(pool: pg.Pool, month: string, ended: boolean): Promise<StatementsOverview> {
  const r = await pool.query<{ practice_id: string; name: string; recorded: number; voided: number; total: string }>(
    `SELECT l.practice_id, p.name,
            count(*) FILTER (WHERE l.certificate_code = '' AND l.kind = 'RECORDED')::int AS recorded,
            count(*) FILTER (WHERE l.certificate_code = '' AND l.kind = 'VOIDED')::int AS voided,
            coalesce(sum(l.value) FILTER (WHERE l.certificate_code <> ''), 0) AS total
       FROM rm_practice_statement_lines l JOIN practices p ON p.practice_id = l.practice_id
      WHERE l.month = $1
      GROUP BY l.practice_id, p.name ORDER BY p.name, l.practice_id`,
    [month],
  );
  const paid = await reimbursementsOf(pool, month);
  const items = r.rows.map((row) => ({
    practiceId: Number(row.practice_id),
    name: row.name,
    treatmentsRecorded: row.recorded,
    treatmentsVoided: row.voided,
    reimbursementTotal: cents(Number(row.total)),
    reimbursed: paid.get(Number(row.practice_id)) ?? null,
  }));
  return { month, ended, items, reimbursementTotal: cents(items.reduce((n, i) => n + i.reimbursementTotal, 0)) };
}

/**
 * What the programme owes practices at the end of programme day `asOf`: the certificates they accepted by then at face
 * value (voids netted), less the statements paid by then.
 */
export async function practiceCertificatesOwed(pool: pg.Pool, asOf: string, endOfAsOf: Date): Promise<{ accepted: number; reimbursed: number; owed: number }> {
  const r = await pool.query<{ accepted: string; reimbursed: string }>(
    `SELECT (SELECT coalesce(sum(value), 0) FROM rm_practice_statement_lines WHERE certificate_code <> '' AND occurred_on <= $1) AS accepted,
            (SELECT coalesce(sum(amount), 0) FROM practice_reimbursements WHERE paid_at <= $2) AS reimbursed`,
    [asOf, endOfAsOf],
  );
  const accepted = cents(Number(r.rows[0].accepted));
  const reimbursed = cents(Number(r.rows[0].reimbursed));
  return { accepted, reimbursed, owed: cents(accepted - reimbursed) };
}

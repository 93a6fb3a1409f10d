import type pg from 'pg';
import type { Statement } from '../../event-schemas/contract/practices';

export type { Statement };

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
  };
}

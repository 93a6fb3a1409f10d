import type pg from 'pg';

/** survey id → number of submissions, for one member. */
export async function surveyAttempts(db: pg.Pool, paxId: number): Promise<Map<number, number>> {
  const r = await db.query<{ survey_id: string; attempts: number }>('SELECT survey_id, attempts FROM rm_survey_completions WHERE pax_id = $1', [paxId]);
  return new Map(r.rows.map((row) => [Number(row.survey_id), row.attempts]));
}

import type pg from 'pg';

/** Completions of one survey per programme day, oldest first, and in all. */
export async function completionsByDay(
  pool: pg.Pool,
  surveyId: number,
  timeZone: string,
): Promise<{ total: number; byDay: { day: string; completions: number }[] }> {
  const r = await pool.query<{ day: string; n: string }>(
    `SELECT to_char((submitted_at AT TIME ZONE $2)::date, 'YYYY-MM-DD') AS day, count(*) AS n FROM rm_survey_submissions
     WHERE survey_id = $1 GROUP BY 1 ORDER BY 1`,
    [surveyId, timeZone],
  );
  const byDay = r.rows.map((row) => ({ day: row.day, completions: Number(row.n) }));
  return { total: byDay.reduce((sum, d) => sum + d.completions, 0), byDay };
}

/** How often each answer was chosen, and how many free texts each question holds. */
export async function answerCounts(pool: pg.Pool, surveyId: number): Promise<{ chosen: Map<number, number>; texts: Map<number, number> }> {
  const r = await pool.query<{ question_id: string; answer_id: string | null; n: string }>(
    `SELECT question_id, answer_id, count(*) AS n FROM rm_survey_answers WHERE survey_id = $1 GROUP BY question_id, answer_id`,
    [surveyId],
  );
  const chosen = new Map<number, number>();
  const texts = new Map<number, number>();
  for (const row of r.rows) {
    if (row.answer_id === null) texts.set(Number(row.question_id), Number(row.n));
    else chosen.set(Number(row.answer_id), Number(row.n));
  }
  return { chosen, texts };
}

export interface FreeText {
  paxId: number;
  memberName: string;
  submittedAt: string;
  text: string;
}

const nameOf = (paxId: string, name: string | null) => (name && name.trim() ? name.trim() : `Member #${paxId}`);

/** One page of a question's free texts, newest first. */
export async function freeTexts(
  pool: pg.Pool,
  surveyId: number,
  questionId: number,
  page: number,
  size: number,
): Promise<{ items: FreeText[]; total: number }> {
  const [rows, total] = await Promise.all([
    pool.query<{ pax_id: string; name: string | null; submitted_at: Date; response: string }>(
      `SELECT a.pax_id, p.first_name || ' ' || p.last_name AS name, a.submitted_at, a.response
       FROM rm_survey_answers a LEFT JOIN participants p ON p.pax_id = a.pax_id
       WHERE a.survey_id = $1 AND a.question_id = $2 AND a.response IS NOT NULL
       ORDER BY a.submitted_at DESC, a.event_id LIMIT $3 OFFSET $4`,
      [surveyId, questionId, size, page * size],
    ),
    pool.query<{ n: string }>('SELECT count(*) AS n FROM rm_survey_answers WHERE survey_id = $1 AND question_id = $2 AND response IS NOT NULL', [
      surveyId,
      questionId,
    ]),
  ]);
  return {
    items: rows.rows.map((r) => ({
      paxId: Number(r.pax_id),
      memberName: nameOf(r.pax_id, r.name),
      submittedAt: r.submitted_at.toISOString(),
      text: r.response,
    })),
    total: Number(total.rows[0].n),
  };
}

export interface AnswerRow {
  submissionId: string;
  submittedAt: string;
  paxId: number;
  questionId: number;
  answerId: number | null;
  text: string | null;
}

/** Every answer given, oldest submission first (at most `limit`): what the results' CSV holds. */
export async function allAnswers(pool: pg.Pool, surveyId: number, limit: number): Promise<AnswerRow[]> {
  const r = await pool.query<{ event_id: string; submitted_at: Date; pax_id: string; question_id: string; answer_id: string | null; response: string | null }>(
    `SELECT event_id, submitted_at, pax_id, question_id, answer_id, response FROM rm_survey_answers WHERE survey_id = $1
     ORDER BY submitted_at, event_id, question_id, answer_id LIMIT $2`,
    [surveyId, limit],
  );
  return r.rows.map((row) => ({
    submissionId: row.event_id,
    submittedAt: row.submitted_at.toISOString(),
    paxId: Number(row.pax_id),
    questionId: Number(row.question_id),
    answerId: row.answer_id === null ? null : Number(row.answer_id),
    text: row.response,
  }));
}

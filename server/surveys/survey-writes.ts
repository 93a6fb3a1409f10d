import type pg from 'pg';
import type { Actor } from '../../event-schemas';
import { auditConfigChange, inTransaction } from '../db/config-audit';
import { notFound, validationProblem } from '../core/problem';
import type { Survey, SurveyDraft, SurveyStatus } from './survey-codecs';
import { findSurvey } from './survey-repository';

const ENTITY = 'survey';

/** Every groupId must name a live participant group. */
async function checkGroups(db: pg.PoolClient, groupIds: number[]): Promise<void> {
  if (groupIds.length === 0) return;
  const r = await db.query<{ id: string }>('SELECT id FROM participant_groups WHERE id = ANY($1) AND deleted_at IS NULL', [groupIds]);
  const known = new Set(r.rows.map((row) => Number(row.id)));
  const errors = groupIds.flatMap((id, i) => (known.has(id) ? [] : [{ path: `body.groupIds.${i}`, message: 'is not a participant group' }]));
  if (errors.length) throw validationProblem(errors);
}

/**
 * Writes sections, questions and answers afresh. Ids the caller sends back are kept when they were this survey's,
 * so a member who loaded the survey before a typo fix can still submit against the same question ids.
 */
async function writeChildren(db: pg.PoolClient, surveyId: number, draft: SurveyDraft, previous: Survey | undefined): Promise<void> {
  const own = {
    sections: new Set(previous?.sections.map((s) => s.id)),
    questions: new Set(previous?.sections.flatMap((s) => s.questions.map((q) => q.id))),
    answers: new Set(previous?.sections.flatMap((s) => s.questions.flatMap((q) => q.answers.map((a) => a.id)))),
  };
  const keep = (id: number | undefined, set: Set<number>) => (id !== undefined && set.has(id) ? id : null);
  await db.query('DELETE FROM survey_sections WHERE survey_id = $1', [surveyId]);
  await db.query('DELETE FROM survey_groups WHERE survey_id = $1', [surveyId]);
  for (const [si, s] of draft.sections.entries()) {
    const sec = await db.query<{ id: string }>(
      `INSERT INTO survey_sections (id, survey_id, position, name, description, instructions, number_of_questions, show_instructions, show_name)
       VALUES (COALESCE($1, nextval('survey_sections_id_seq')), $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [keep(s.id, own.sections), surveyId, si, s.name, s.description, s.instructions, s.numberOfQuestions, s.showInstructions, s.showName],
    );
    for (const [qi, q] of s.questions.entries()) {
      const question = await db.query<{ id: string }>(
        `INSERT INTO survey_questions (id, section_id, position, question_type_code, max_answers, required_answers, text)
         VALUES (COALESCE($1, nextval('survey_questions_id_seq')), $2, $3, $4, $5, $6, $7) RETURNING id`,
        [keep(q.id, own.questions), sec.rows[0].id, qi, q.questionTypeCode, q.maxAnswers, q.requiredAnswers, q.text],
      );
      for (const [ai, a] of q.answers.entries())
        await db.query(`INSERT INTO survey_answers (id, question_id, position, text) VALUES (COALESCE($1, nextval('survey_answers_id_seq')), $2, $3, $4)`, [
          keep(a.id, own.answers),
          question.rows[0].id,
          ai,
          a.text,
        ]);
    }
  }
  for (const g of draft.groupIds) await db.query('INSERT INTO survey_groups (survey_id, group_id) VALUES ($1, $2)', [surveyId, g]);
}

const recordValues = (d: SurveyDraft) => [
  d.name,
  d.description,
  d.statusTypeCode,
  d.pointIssuanceDisabled,
  d.testTypeCode,
  d.fromDate,
  d.thruDate,
  d.maxAttempts,
  d.score,
  d.surveyPointsAmount,
];

export const createSurvey = (pool: pg.Pool, actor: Actor, draft: SurveyDraft, action = 'create') =>
  inTransaction(pool, async (db) => {
    await checkGroups(db, draft.groupIds);
    const r = await db.query<{ id: string }>(
      `INSERT INTO surveys (name, description, status_type_code, point_issuance_disabled, test_type_code, from_date, thru_date, max_attempts, score, survey_points_amount)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      recordValues(draft),
    );
    const id = Number(r.rows[0].id);
    await writeChildren(db, id, draft, undefined);
    const after = (await findSurvey(db, id))!;
    await auditConfigChange(db, { entity: ENTITY, entityId: id, action, actor, before: null, after });
    return after;
  });

export const updateSurvey = (pool: pg.Pool, actor: Actor, id: number, draft: SurveyDraft) =>
  inTransaction(pool, async (db) => {
    const before = await findSurvey(db, id, true);
    if (!before || before.statusTypeCode === 'DELETED') throw notFound(`Survey ${id}`);
    await checkGroups(db, draft.groupIds);
    await db.query(
      `UPDATE surveys SET name = $1, description = $2, status_type_code = $3, point_issuance_disabled = $4, test_type_code = $5, from_date = $6,
         thru_date = $7, max_attempts = $8, score = $9, survey_points_amount = $10, updated_at = now() WHERE id = $11`,
      [...recordValues(draft), id],
    );
    await writeChildren(db, id, draft, before);
    const after = (await findSurvey(db, id))!;
    await auditConfigChange(db, { entity: ENTITY, entityId: id, action: 'update', actor, before, after });
    return after;
  });

/** Delete (DELETED) and inactivate (INACTIVE) keep the row: submissions in the log still name it. */
export const setSurveyStatus = (pool: pg.Pool, actor: Actor, id: number, status: SurveyStatus, action: string) =>
  inTransaction(pool, async (db) => {
    const before = await findSurvey(db, id, true);
    if (!before || before.statusTypeCode === 'DELETED') throw notFound(`Survey ${id}`);
    await db.query('UPDATE surveys SET status_type_code = $2, updated_at = now() WHERE id = $1', [id, status]);
    const after = { ...before, statusTypeCode: status };
    await auditConfigChange(db, { entity: ENTITY, entityId: id, action, actor, before, after });
    return after;
  });

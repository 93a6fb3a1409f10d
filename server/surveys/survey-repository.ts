import type pg from 'pg';
import type { Survey, SurveyStatus, TestTypeCode, Section, QuestionTypeCode } from './survey-codecs';

type Db = pg.Pool | pg.PoolClient;

interface SurveyRow {
  id: string;
  name: string;
  description: string;
  status_type_code: SurveyStatus;
  point_issuance_disabled: boolean;
  test_type_code: TestTypeCode;
  from_date: string;
  thru_date: string | null;
  max_attempts: number;
  score: string | null;
  survey_points_amount: number;
  group_ids: string[];
}

const SURVEY_COLUMNS = `s.id, s.name, s.description, s.status_type_code, s.point_issuance_disabled, s.test_type_code,
  to_char(s.from_date, 'YYYY-MM-DD') AS from_date, to_char(s.thru_date, 'YYYY-MM-DD') AS thru_date, s.max_attempts, s.score,
  s.survey_points_amount, ARRAY(SELECT g.group_id FROM survey_groups g WHERE g.survey_id = s.id ORDER BY g.group_id) AS group_ids`;

const toSurvey = (r: SurveyRow, sections: Section[]): Survey => ({
  id: Number(r.id),
  name: r.name,
  description: r.description,
  statusTypeCode: r.status_type_code,
  pointIssuanceDisabled: r.point_issuance_disabled,
  testTypeCode: r.test_type_code,
  fromDate: r.from_date,
  thruDate: r.thru_date,
  maxAttempts: r.max_attempts,
  attemptId: null,
  score: r.score === null ? null : Number(r.score),
  surveyPointsAmount: r.survey_points_amount,
  groupIds: r.group_ids.map(Number),
  sections,
});

export type SurveySummary = Omit<Survey, 'sections'>;

/** Surveys without their sections, for lists; `where` is a fixed SQL fragment over alias `s`. */
export async function listSurveys(db: Db, where = 'TRUE', params: unknown[] = []): Promise<SurveySummary[]> {
  const r = await db.query<SurveyRow>(`SELECT ${SURVEY_COLUMNS} FROM surveys s WHERE ${where} ORDER BY s.from_date DESC, s.id DESC`, params);
  return r.rows.map((row) => {
    const { sections: _omit, ...summary } = toSurvey(row, []);
    return summary;
  });
}

/** One survey with its sections, questions and answers in their order. */
export async function findSurvey(db: Db, id: number, lock = false): Promise<Survey | undefined> {
  const r = await db.query<SurveyRow>(`SELECT ${SURVEY_COLUMNS} FROM surveys s WHERE s.id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!r.rows[0]) return undefined;
  // One after another: `db` may be a transaction's client, which runs one query at a time.
  const sections = await db.query<{
    id: string;
    name: string;
    description: string;
    instructions: string;
    number_of_questions: number;
    show_instructions: boolean;
    show_name: boolean;
  }>(
    'SELECT id, name, description, instructions, number_of_questions, show_instructions, show_name FROM survey_sections WHERE survey_id = $1 ORDER BY position',
    [id],
  );
  const questions = await db.query<{
    id: string;
    section_id: string;
    question_type_code: QuestionTypeCode;
    max_answers: number;
    required_answers: number;
    text: string;
  }>(
    `SELECT q.id, q.section_id, q.question_type_code, q.max_answers, q.required_answers, q.text FROM survey_questions q
       JOIN survey_sections s ON s.id = q.section_id WHERE s.survey_id = $1 ORDER BY q.position`,
    [id],
  );
  const answers = await db.query<{ id: string; question_id: string; text: string }>(
    `SELECT a.id, a.question_id, a.text FROM survey_answers a JOIN survey_questions q ON q.id = a.question_id
       JOIN survey_sections s ON s.id = q.section_id WHERE s.survey_id = $1 ORDER BY a.position`,
    [id],
  );
  const built: Section[] = sections.rows.map((s) => ({
    id: Number(s.id),
    name: s.name,
    description: s.description,
    instructions: s.instructions,
    numberOfQuestions: s.number_of_questions,
    showInstructions: s.show_instructions,
    showName: s.show_name,
    questions: questions.rows
      .filter((q) => q.section_id === s.id)
      .map((q) => ({
        id: Number(q.id),
        questionTypeCode: q.question_type_code,
        maxAnswers: q.max_answers,
        requiredAnswers: q.required_answers,
        text: q.text,
        answers: answers.rows.filter((a) => a.question_id === q.id).map((a) => ({ id: Number(a.id), text: a.text })),
      })),
  }));
  return toSurvey(r.rows[0], built);
}

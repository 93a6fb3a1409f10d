import type { Migration } from './migration';

export const surveyResultMigrations: Migration[] = [
  {
    id: '1300-rm-survey-results',
    sql: `
      -- Every submission of a survey (projections/survey-results): completions by day. Kept after an erasure, as the
      -- member's ledger is (the fact that someone completed it on a day; rm_survey_completions keeps as much).
      CREATE TABLE rm_survey_submissions (
        event_id uuid PRIMARY KEY,
        survey_id bigint NOT NULL,
        pax_id bigint NOT NULL,
        submitted_at timestamptz NOT NULL
      );
      CREATE INDEX rm_survey_submissions_survey ON rm_survey_submissions (survey_id, submitted_at);
      -- Each answer given: a chosen answer (answer_id) or a free text (response). The member's go when they are erased.
      CREATE TABLE rm_survey_answers (
        event_id uuid NOT NULL,
        survey_id bigint NOT NULL,
        question_id bigint NOT NULL,
        pax_id bigint NOT NULL,
        submitted_at timestamptz NOT NULL,
        answer_id bigint,
        response text,
        CHECK ((answer_id IS NULL) <> (response IS NULL))
      );
      CREATE INDEX rm_survey_answers_question ON rm_survey_answers (survey_id, question_id, submitted_at);
      CREATE INDEX rm_survey_answers_member ON rm_survey_answers (pax_id);
    `,
  },
];

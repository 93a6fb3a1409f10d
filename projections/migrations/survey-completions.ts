import type { Migration } from './migration';

export const surveyCompletionMigrations: Migration[] = [
  {
    id: '0410-survey-completions',
    sql: `
      -- One row per member and survey they submitted: answers the COMPLETE list and hides done surveys from ALL.
      CREATE TABLE rm_survey_completions (
        pax_id bigint NOT NULL,
        survey_id bigint NOT NULL,
        survey_name text NOT NULL,
        attempts int NOT NULL,
        points_awarded int NOT NULL,
        first_completed_at timestamptz NOT NULL,
        last_completed_at timestamptz NOT NULL,
        PRIMARY KEY (pax_id, survey_id)
      );
    `,
  },
];

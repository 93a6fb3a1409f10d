import type { Migration } from '../../projections/migrations/migration';

/**
 * Survey definitions and participant groups are configuration (DESIGN.md "Write side"): plain tables, each change
 * written to config_audit by the repository in the same transaction. Submissions are events, not rows here.
 */
export const surveyConfigMigrations: Migration[] = [
  {
    id: '0400-participant-groups',
    sql: `
      CREATE TABLE participant_groups (
        id bigserial PRIMARY KEY,
        name text NOT NULL,
        logical_expression jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- Soft delete: a survey that named the group then reaches nobody instead of everybody.
        deleted_at timestamptz
      );
      CREATE INDEX participant_groups_name ON participant_groups (lower(name)) WHERE deleted_at IS NULL;
    `,
  },
  {
    id: '0401-surveys',
    sql: `
      CREATE TABLE surveys (
        id bigserial PRIMARY KEY,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        status_type_code text NOT NULL CHECK (status_type_code IN ('NEW','PENDING','ACTIVE','INACTIVE','DELETED')),
        point_issuance_disabled boolean NOT NULL DEFAULT false,
        test_type_code text NOT NULL DEFAULT 'SURVEY',
        from_date date NOT NULL,
        thru_date date,
        max_attempts int NOT NULL DEFAULT 50,
        score numeric,
        survey_points_amount int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- The member list reads active surveys in their window; this keeps it cheap as surveys pile up.
      CREATE INDEX surveys_active ON surveys (from_date) WHERE status_type_code = 'ACTIVE';
      CREATE TABLE survey_sections (
        id bigserial PRIMARY KEY,
        survey_id bigint NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
        position int NOT NULL,
        name text NOT NULL DEFAULT '',
        description text NOT NULL DEFAULT '',
        instructions text NOT NULL DEFAULT '',
        number_of_questions int NOT NULL DEFAULT 1,
        show_instructions boolean NOT NULL DEFAULT false,
        show_name boolean NOT NULL DEFAULT true
      );
      CREATE INDEX survey_sections_survey ON survey_sections (survey_id, position);
      CREATE TABLE survey_questions (
        id bigserial PRIMARY KEY,
        section_id bigint NOT NULL REFERENCES survey_sections(id) ON DELETE CASCADE,
        position int NOT NULL,
        question_type_code text NOT NULL,
        max_answers int NOT NULL,
        required_answers int NOT NULL,
        text text NOT NULL
      );
      CREATE INDEX survey_questions_section ON survey_questions (section_id, position);
      CREATE TABLE survey_answers (
        id bigserial PRIMARY KEY,
        question_id bigint NOT NULL REFERENCES survey_questions(id) ON DELETE CASCADE,
        position int NOT NULL,
        text text NOT NULL
      );
      CREATE INDEX survey_answers_question ON survey_answers (question_id, position);
      CREATE TABLE survey_groups (
        survey_id bigint NOT NULL REFERENCES surveys(id) ON DELETE CASCADE,
        group_id bigint NOT NULL REFERENCES participant_groups(id),
        PRIMARY KEY (survey_id, group_id)
      );
    `,
  },
];

import type { Migration } from './migration';

export const practiceStatementMigrations: Migration[] = [
  {
    id: '1202-rm-practice-statement-lines',
    sql: `
      -- What a practice's monthly statement adds up: a row per treatment recorded or voided (certificate_code ''), and
      -- a row per certificate it accepted (value positive) or gave back by a void (value negative). A row's month is
      -- the programme month its event happened in, never a date someone typed, so a month that has ended never changes.
      CREATE TABLE rm_practice_statement_lines (
        treatment_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('RECORDED', 'VOIDED')),
        certificate_code text NOT NULL,
        practice_id bigint NOT NULL,
        month text NOT NULL,
        date_of_service date NOT NULL,
        category text,
        value numeric(12, 2) NOT NULL DEFAULT 0,
        PRIMARY KEY (treatment_id, kind, certificate_code)
      );
      CREATE INDEX rm_practice_statement_lines_month ON rm_practice_statement_lines (practice_id, month, date_of_service);
    `,
  },
  {
    id: '1203-rm-practice-statement-lines-occurred-on',
    sql: `
      -- The programme day each line happened, so the liability as of any day counts the certificates accepted by then
      -- (a month's lines alone would count a whole month on its first day). Replayed from the start to fill it.
      TRUNCATE rm_practice_statement_lines;
      ALTER TABLE rm_practice_statement_lines ADD COLUMN occurred_on date NOT NULL;
      CREATE INDEX rm_practice_statement_lines_day ON rm_practice_statement_lines (occurred_on);
      DELETE FROM projection_checkpoints WHERE name = 'practice-statements';
    `,
  },
];

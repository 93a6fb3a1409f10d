import type { Migration } from '../../projections/migrations/migration';

/**
 * Indexes for counting a group's members (compileExpression). Names and e-mail prefixes already have theirs
 * (participant-search-schema.ts); these cover the remaining facts: the postal code's first five characters (prefix
 * matches need text_pattern_ops), the date of birth that ages become ranges over, the enrolment instant, and the e-mail domain.
 */
export const groupCountMigrations: Migration[] = [
  {
    id: '0121-group-count-indexes',
    sql: `
      CREATE INDEX participants_postal_code5 ON participants (lower(left(postal_code, 5)) text_pattern_ops);
      CREATE INDEX participants_date_of_birth ON participants (date_of_birth);
      CREATE INDEX participants_created_at ON participants (created_at);
      CREATE INDEX participant_emails_domain ON participant_emails (lower(substring(email_address from '[^@]*$')) text_pattern_ops);
    `,
  },
];

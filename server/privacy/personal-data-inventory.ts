/**
 * THE inventory of personal data in the database (issue 54, item 1): every table of the public schema, and in each
 * every text or JSON column (text, varchar, char, json, jsonb and their arrays), is listed here exactly once, either
 * as `personal` (what erasure and export do with it) or as `free` (holds nothing about a person).
 *
 * tests/integration/privacy/personal-data-inventory.test.ts walks the live schema after every migration and fails on
 * a table or column missing here, or listed here and gone; tests/integration/privacy/erasure-leaves-nothing.test.ts
 * plants every kind of personal data a member leaves and proves an erasure leaves none of it. A migration that adds
 * a table or a text/JSON column adds its entry here in the same change, and a personal column's erasure and export
 * in server/privacy/erase-tables.ts (or the read model's MemberErased handler) and server/privacy/member-export.ts.
 * Numbers, dates, booleans and hashes are not listed: ids join facts, they name no one once the text is gone.
 * The prose version, with the event fields and the mail, is server/privacy/README.md.
 */
export interface PersonalColumn {
  /** What an erasure does with it (delete the row, blank the column, sealed under the member's destroyed key...). */
  readonly erase: string;
  /** Whether the member's export carries it, and if not, why. */
  readonly export: string;
}

export interface TableInventory {
  readonly personal: Readonly<Record<string, PersonalColumn>>;
  /** Text and JSON columns that hold nothing about a person (codes, statuses, programme configuration). */
  readonly free: readonly string[];
}

const programmeConfiguration = (...free: string[]): TableInventory => ({ personal: {}, free });

export const PERSONAL_DATA_INVENTORY: Readonly<Record<string, TableInventory>> = {
  participants: {
    personal: {
      first_name: { erase: 'blank', export: 'yes' },
      last_name: { erase: 'blank', export: 'yes' },
      username: { erase: 'replaced by erased-member-{paxId}', export: 'yes' },
      password_hash: { erase: 'blank (verifies no password)', export: 'no: a secret, not information about them' },
      postal_code: { erase: 'blank', export: 'yes' },
      ref_code: { erase: 'blank', export: 'yes' },
    },
    free: ['welcome_category_code'],
  },
  participant_emails: { personal: { email_address: { erase: 'delete', export: 'yes' } }, free: ['preferred'] },
  participant_phones: { personal: { phone: { erase: 'delete', export: 'yes' } }, free: ['preferred'] },
  email_confirmations: { personal: { email_address: { erase: 'delete', export: 'yes (pending addresses)' } }, free: [] },
  sessions: { personal: {}, free: [] },
  live_tickets: { personal: {}, free: [] },
  password_resets: { personal: {}, free: [] },
  member_keys: { personal: {}, free: [] },
  login_failures: {
    personal: {
      key: {
        erase: 'delete the account: keys of every address the member has or had; address: keys (an IP) are purged past the window',
        export: 'no: throttle counts kept 15 minutes, keyed by an address typed, not by member',
      },
    },
    free: [],
  },
  outbox: {
    personal: {
      recipient: { erase: 'delete the member’s rows (by pax_id and by any address they had)', export: 'no: copies of what was mailed' },
      subject: { erase: 'delete with the row', export: 'no: copies of what was mailed' },
      body: { erase: 'delete with the row', export: 'no: copies of what was mailed' },
      unsubscribe_url: { erase: 'delete with the row', export: 'no' },
      last_error: { erase: 'delete with the row', export: 'no: a provider’s reply' },
    },
    free: ['channel', 'idempotency_key', 'status', 'provider_id', 'kind'],
  },
  config_audit: {
    personal: {
      before: { erase: 'blank the member’s contacts and profile entries', export: 'yes (their own entries)' },
      after: { erase: 'blank the member’s contacts and profile entries', export: 'yes (their own entries)' },
    },
    free: ['entity', 'entity_id', 'action', 'actor'],
  },
  member_access_log: { personal: {}, free: ['action', 'request_id'] },
  member_live_messages: {
    personal: { data: { erase: 'delete theirs, and another member’s that name them (a gift to them)', export: 'no: a window of minutes' } },
    free: ['kind'],
  },
  member_live_horizon: { personal: {}, free: [] },
  es_events: {
    personal: {
      data: { erase: 'sealed: the personal fields (event-schemas/personal-fields.ts) read as erased once the key is destroyed', export: 'yes (the ledger)' },
    },
    free: ['stream_name', 'type', 'metadata'],
  },
  rm_point_lots: { personal: { description: { erase: 'blank ([erased])', export: 'yes (the ledger)' } }, free: ['lot_id', 'source'] },
  rm_activity: {
    personal: {
      description: { erase: 'blank the names', export: 'yes (the same facts, from the streams)' },
      detail: { erase: 'blank the names', export: 'yes (the same facts, from the streams)' },
    },
    free: ['id', 'activity_type'],
  },
  rm_certificates: {
    personal: {
      gift_recipient_name: { erase: 'blank on the certificates they hold or bought', export: 'yes' },
      gift_recipient_email: { erase: 'blank on the certificates they hold or bought', export: 'yes' },
      gift_sender_name: { erase: 'blank on the certificates they hold or bought', export: 'yes' },
    },
    free: ['code', 'name', 'category_type', 'display_category', 'status', 'card_art_id', 'category_code'],
  },
  rm_treatments: { personal: { external_id: { erase: 'blank ([erased])', export: 'yes' } }, free: ['status', 'redeemed_codes'] },
  rm_member_points: { personal: {}, free: [] },
  rm_message_preferences: { personal: {}, free: [] },
  rm_promotion_earnings: { personal: {}, free: [] },
  rm_survey_completions: { personal: {}, free: ['survey_name'] },
  rm_survey_submissions: { personal: {}, free: [] },
  rm_survey_answers: {
    personal: { response: { erase: 'delete the member’s rows (the read model, at MemberErased)', export: 'yes (their survey submissions, from the stream)' } },
    free: [],
  },
  promotion_payout_treatments: { personal: {}, free: ['lines'] },
  promotion_payout_promotions: programmeConfiguration('status', 'state'),
  erased_members_seen: { personal: {}, free: ['erased_position'] },
  dr_campaign_patient_offers: { personal: {}, free: [] },
  rm_report_certificate_daily: programmeConfiguration('category'),
  rm_report_certificate_spans: programmeConfiguration('category'),
  rm_report_certificates: programmeConfiguration('category', 'status'),
  rm_report_daily: programmeConfiguration('measure'),
  rm_report_expiry_daily: programmeConfiguration('expiry_month'),
  rm_report_members: programmeConfiguration('open_lots'),
  rm_report_point_entries: programmeConfiguration('measure'),
  rm_report_promotion_daily: programmeConfiguration(),
  // The programme's own configuration and catalogue: what staff set up, about no one.
  certificate_categories: programmeConfiguration(
    'code',
    'name',
    'certificate_category_type',
    'description',
    'terms_and_conditions',
    'card_art_id',
    'promo_type',
    'promo_name',
    'kept_fields',
  ),
  certificate_category_variants: programmeConfiguration('category_code', 'redemption_criteria'),
  content_entries: programmeConfiguration('id', 'content_type', 'fields'),
  dr_campaigns: programmeConfiguration('campaign_name', 'status_type_code', 'mk_code', 'certificate_category_code', 'templates'),
  participant_groups: programmeConfiguration('name', 'logical_expression'),
  products: programmeConfiguration('name', 'category', 'brand'),
  rm_promotions: programmeConfiguration('name', 'description', 'promotion_code', 'type_code', 'status', 'certificate_category_code', 'website'),
  surveys: programmeConfiguration('name', 'description', 'status_type_code', 'test_type_code'),
  survey_sections: programmeConfiguration('name', 'description', 'instructions'),
  survey_questions: programmeConfiguration('question_type_code', 'text'),
  survey_answers: programmeConfiguration('text'),
  survey_groups: programmeConfiguration(),
  // Businesses, not people: the practices' public listing and their API keys' labels.
  practices: programmeConfiguration('name', 'address', 'postal_code', 'phone', 'city', 'state'),
  practice_api_keys: programmeConfiguration('label'),
  // A practice's staff are people, but not members: a member's erasure has nothing of theirs to remove, and a staff
  // account ends when its practice removes it (status REMOVED, its sessions revoked).
  practice_users: {
    personal: {
      email: { erase: 'not a member’s: a staff account, removed by its practice', export: 'no: staff, not a member' },
      first_name: { erase: 'not a member’s: a staff account, removed by its practice', export: 'no: staff, not a member' },
      last_name: { erase: 'not a member’s: a staff account, removed by its practice', export: 'no: staff, not a member' },
      password_hash: { erase: 'not a member’s: a staff account, removed by its practice', export: 'no: a secret' },
    },
    free: ['role', 'status'],
  },
  practice_invitations: { personal: {}, free: [] },
  practice_sessions: { personal: {}, free: [] },
  // The member codes' permutation secret (server/practices/member-code.ts): a key, about no one.
  member_code_keys: { personal: {}, free: [] },
  // Certificate codes and categories, months and amounts: what the programme owes a practice, naming no one.
  rm_practice_statement_lines: programmeConfiguration('kind', 'certificate_code', 'month', 'category'),
  // The programme paying a practice's month: the month and the payment's reference (a cheque or transfer number).
  practice_reimbursements: programmeConfiguration('month', 'reference'),
  specialist_practices: programmeConfiguration('name', 'address', 'postal_code', 'phone', 'brands'),
  zip_locations: programmeConfiguration('postal_code', 'city'),
  // The machinery.
  idempotency_keys: programmeConfiguration('scope', 'key', 'body'),
  job_runs: programmeConfiguration('job', 'result'),
  message_signing_key: programmeConfiguration(),
  projection_checkpoints: programmeConfiguration('name'),
  schema_migrations: programmeConfiguration('id', 'checksum'),
  seed_marks: programmeConfiguration('batch'),
};

import type { Migration } from './migration';

/**
 * The programme report's read tables. Every figure is a dated total: a row per programme day and measure holding
 * what that day's events moved, so "as of day D" is the sum of the rows up to D and a past day's figure never moves
 * (later events only add rows for later days). Their size grows with days × measures, not with members.
 */
export const programmeReportMigrations: Migration[] = [
  {
    id: '0950-rm-programme-report',
    sql: `
      -- Per member: the ledger balance, the day their 90-day activity window ends, and their lots with points left
      -- ({ lotId: ['YYYY-MM', remaining] }: a redemption names lots, not their months; a list, and json, since 0963).
      CREATE TABLE rm_report_members (
        pax_id bigint PRIMARY KEY,
        balance bigint NOT NULL,
        active_until date,
        open_lots jsonb NOT NULL
      );
      -- Points flows (earned:<source>, redeemed, spent, expired, forfeited) and the day's change in holders (members
      -- with points outstanding) and in members active in the last 90 days.
      CREATE TABLE rm_report_daily (
        measure text NOT NULL,
        day date NOT NULL,
        amount bigint NOT NULL,
        PRIMARY KEY (measure, day)
      );
      -- The day's change in outstanding points, by the month their lots expire.
      CREATE TABLE rm_report_expiry_daily (
        day date NOT NULL,
        expiry_month text NOT NULL,
        points bigint NOT NULL,
        PRIMARY KEY (day, expiry_month)
      );
      -- Certificates as the report counts them (active and not used on a treatment).
      CREATE TABLE rm_report_certificates (
        certificate_id uuid PRIMARY KEY,
        category text NOT NULL,
        cents bigint NOT NULL,
        status text NOT NULL,
        used boolean NOT NULL
      );
      -- The day's change in active unused certificates and their value, by category.
      CREATE TABLE rm_report_certificate_daily (
        day date NOT NULL,
        category text NOT NULL,
        count bigint NOT NULL,
        cents bigint NOT NULL,
        PRIMARY KEY (day, category)
      );
    `,
  },
];

/** The drill-down from an expiry month to its members and lots reads lots by date across all members. */
export const expiringLotsMigrations: Migration[] = [
  {
    id: '0952-point-lots-by-expiry',
    sql: `CREATE INDEX rm_point_lots_by_expiry ON rm_point_lots (expiration_date, pax_id) WHERE remaining > 0;`,
  },
];

/** Promotion results: what each promotion paid by the date of service of the treatments it paid. */
export const promotionResultsMigrations: Migration[] = [
  {
    id: '0953-rm-report-promotion-daily',
    sql: `
      CREATE TABLE rm_report_promotion_daily (
        promotion_id uuid NOT NULL,
        day date NOT NULL,
        treatments bigint NOT NULL,
        points bigint NOT NULL,
        certificates bigint NOT NULL,
        certificate_cents bigint NOT NULL,
        PRIMARY KEY (promotion_id, day)
      );
      -- How many members a promotion paid: counted from promotion-earnings' rows of that promotion.
      CREATE INDEX rm_promotion_earnings_by_promotion ON rm_promotion_earnings (promotion_id);
    `,
  },
];

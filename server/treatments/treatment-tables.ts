import type { Migration } from '../../projections/migrations/migration';

/**
 * Configuration for treatments: products and certificate categories are plain tables (every change audited in
 * config_audit); job_runs is the claim table that lets several server processes agree who runs a nightly job.
 */
export const treatmentConfigMigrations: Migration[] = [
  {
    id: '0500-products',
    sql: `
      CREATE TABLE products (
        id bigserial PRIMARY KEY,
        name text NOT NULL,
        category text NOT NULL CHECK (category IN ('TREATMENT','PARTNER')),
        brand text NOT NULL,
        msrp_per_unit numeric(12, 2) NOT NULL CHECK (msrp_per_unit >= 0),
        points_per_unit int NOT NULL CHECK (points_per_unit >= 0),
        retired boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: '0501-certificate-categories',
    sql: `
      -- Only what treatments need of a category today; the certificate-category form's other fields can be added.
      CREATE TABLE certificate_categories (
        code text PRIMARY KEY,
        name text NOT NULL,
        nullify_awards boolean NOT NULL DEFAULT false,
        certificate_category_type text CHECK (certificate_category_type IN ('PURCHASABLE')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: '0502-job-runs',
    sql: `
      -- One row per job and local run date: the unique key is the claim, so no day is ever run twice.
      CREATE TABLE job_runs (
        job text NOT NULL,
        run_date date NOT NULL,
        claimed_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        result jsonb,
        PRIMARY KEY (job, run_date)
      );
    `,
  },
];

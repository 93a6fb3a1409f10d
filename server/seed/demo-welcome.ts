import type pg from 'pg';

/**
 * The $20 welcome certificate the Join Now page promises: the category WELCOME_CERTIFICATE_CATEGORY names by default.
 * Seeded once, with the demo; a real programme creates its own in the certificate definition tool.
 */
export async function seedWelcomeCategory(db: pg.Pool, log: (line: string) => void): Promise<void> {
  const r = await db.query(
    `INSERT INTO certificate_categories (code, name, nullify_awards, certificate_category_type, description, default_expiration_days)
     VALUES ('WELCOME', 'Welcome Certificate', false, NULL, '$20 toward your next treatment, for joining the programme.', 90) ON CONFLICT DO NOTHING`,
  );
  if (r.rowCount) log('seeded the welcome certificate category');
}

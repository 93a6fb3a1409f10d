import type pg from 'pg';

/**
 * The day each listed certificate may first be redeemed, for categories that show it (spec showActivationDate):
 * `daysToRestrictRedemption` after the programme day it was issued. Others answer null: nothing to show.
 */
export async function activationDates(db: pg.Pool, certificateIds: readonly string[], timeZone: string): Promise<Map<string, string>> {
  if (certificateIds.length === 0) return new Map();
  const r = await db.query<{ certificate_id: string; activation: string }>(
    `SELECT c.certificate_id, to_char((c.issued_at AT TIME ZONE $2)::date + cc.days_to_restrict_redemption, 'YYYY-MM-DD') AS activation
       FROM rm_certificates c JOIN certificate_categories cc ON lower(cc.code) = lower(COALESCE(c.category_code, c.display_category))
      WHERE c.certificate_id = ANY($1::uuid[]) AND cc.show_activation_date AND cc.days_to_restrict_redemption > 0`,
    [certificateIds, timeZone],
  );
  return new Map(r.rows.map((row) => [row.certificate_id, row.activation]));
}

import type pg from 'pg';
import type { BonusPointsItem } from '../../event-schemas/contract/participants';

/** Member spec section 3 "Bonus points item", declared once (event-schemas/contract/participants.ts): the wallet reads it. */
export type { BonusPointsItem };

/** Awards that are their own activity: treatment and partner earnings show on their treatment instead. */
export const BONUS_POINT_SOURCES = ['ADMIN', 'BONUS', 'PROMOTION', 'REFERRAL', 'SURVEY'] as const;

/** A member's bonus awards from the lots read model, newest first. */
export async function bonusPointsItems(pool: pg.Pool, paxId: number): Promise<BonusPointsItem[]> {
  const r = await pool.query<{
    lot_id: string;
    description: string;
    source: string;
    amount: string;
    remaining: string;
    expiration_date: string;
    awarded_at: Date;
  }>(
    `SELECT lot_id, description, source, amount, remaining, to_char(expiration_date, 'YYYY-MM-DD') AS expiration_date, awarded_at
     FROM rm_point_lots WHERE pax_id = $1 AND source = ANY($2::text[]) ORDER BY awarded_at DESC, lot_id`,
    [paxId, BONUS_POINT_SOURCES],
  );
  return r.rows.map((row) => ({
    lotId: row.lot_id,
    description: row.description,
    source: row.source,
    amount: Number(row.amount),
    remaining: Number(row.remaining),
    expirationDate: row.expiration_date,
    awardedAt: row.awarded_at.toISOString(),
  }));
}

import type pg from 'pg';

export interface PaidFigures {
  treatments: number;
  points: number;
  certificates: number;
  /** Dollars: points at the rate a redemption pays, plus the certificates' value. */
  cost: number;
}

export interface PromotionPaid {
  promotionId: string;
  name: string;
  status: string;
  fromDate: string;
  thruDate: string;
  paid: PaidFigures & { members: number };
  byDay: (PaidFigures & { day: string })[];
}

/**
 * What each published promotion (ACTIVE, ENDED or PAYMENTS_STOPPED; newest window first, at most `limit`) paid, in
 * total and by date of service: the promotions' own rows of the dated totals, and their members from
 * promotion-earnings (by its promotion index).
 */
export async function promotionsPaid(pool: pg.Pool, pointValue: (points: number) => number, limit: number): Promise<PromotionPaid[]> {
  const promotions = await pool.query<{ promotion_id: string; name: string; status: string; from_date: string; thru_date: string; members: string }>(
    `SELECT p.promotion_id, p.name, p.status, to_char(p.from_date, 'YYYY-MM-DD') AS from_date, to_char(p.thru_date, 'YYYY-MM-DD') AS thru_date,
            (SELECT count(*) FROM rm_promotion_earnings e WHERE e.promotion_id = p.promotion_id) AS members
     FROM rm_promotions p WHERE p.status IN ('ACTIVE', 'ENDED', 'PAYMENTS_STOPPED') ORDER BY p.from_date DESC, p.promotion_id LIMIT $1`,
    [limit],
  );
  const ids = promotions.rows.map((p) => p.promotion_id);
  const days = await pool.query<{ promotion_id: string; day: string; treatments: string; points: string; certificates: string; certificate_cents: string }>(
    `SELECT promotion_id, to_char(day, 'YYYY-MM-DD') AS day, treatments, points, certificates, certificate_cents FROM rm_report_promotion_daily
     WHERE promotion_id = ANY($1::uuid[]) ORDER BY promotion_id, day`,
    [ids],
  );
  const figures = (treatments: number, points: number, certificates: number, cents: number): PaidFigures => ({
    treatments,
    points,
    certificates,
    cost: Math.round((pointValue(points) + cents / 100) * 100) / 100,
  });
  return promotions.rows.map((p) => {
    const rows = days.rows.filter((d) => d.promotion_id === p.promotion_id);
    const sum = (f: (r: (typeof rows)[number]) => string) => rows.reduce((n, r) => n + Number(f(r)), 0);
    return {
      promotionId: p.promotion_id,
      name: p.name,
      status: p.status,
      fromDate: p.from_date,
      thruDate: p.thru_date,
      paid: {
        members: Number(p.members),
        ...figures(
          sum((r) => r.treatments),
          sum((r) => r.points),
          sum((r) => r.certificates),
          sum((r) => r.certificate_cents),
        ),
      },
      byDay: rows.map((r) => ({ day: r.day, ...figures(Number(r.treatments), Number(r.points), Number(r.certificates), Number(r.certificate_cents)) })),
    };
  });
}

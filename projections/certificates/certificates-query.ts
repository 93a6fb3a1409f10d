import type pg from 'pg';
import type { CertificateCategoryType, CertificateStatus } from '../../event-schemas';
import { certificateItem, type CertificateFacts, type CertificateItem } from './certificate-item';

export interface CertificateRow {
  certificate_id: string;
  pax_id: string;
  code: string;
  name: string;
  amount: string;
  points_cost: string;
  category_type: string | null;
  display_category: string;
  status: string;
  expiration_date: string;
  card_art_id: string | null;
  campaign_id: string | null;
  gift_recipient_name: string | null;
  gift_recipient_email: string | null;
  gift_sender_name: string | null;
  claimed: boolean;
  redeemed_on: string | null;
}

export const CERTIFICATE_COLUMNS = `certificate_id, pax_id, code, name, amount, points_cost, category_type, display_category, status,
  to_char(expiration_date, 'YYYY-MM-DD') AS expiration_date, card_art_id, campaign_id,
  gift_recipient_name, gift_recipient_email, gift_sender_name, claimed_at IS NOT NULL AS claimed, to_char(redeemed_on, 'YYYY-MM-DD') AS redeemed_on`;

export const rowToFacts = (r: CertificateRow): CertificateFacts => ({
  certificateId: r.certificate_id,
  status: r.status as CertificateStatus,
  expirationDate: r.expiration_date,
  certificateCategoryType: r.category_type as CertificateCategoryType,
  amount: Number(r.amount),
  name: r.name,
  code: r.code,
  pointsCost: Number(r.points_cost),
  displayCategory: r.display_category,
  cardArtId: r.card_art_id,
  usedOn: r.redeemed_on,
  gift:
    r.gift_recipient_email === null
      ? undefined
      : { recipientName: r.gift_recipient_name, recipientEmail: r.gift_recipient_email, senderName: r.gift_sender_name, claimed: r.claimed },
});

/** Fields a listing may sort by, mapped to columns here so no caller text reaches the SQL. */
export const SORT_COLUMNS = { expirationDate: 'expiration_date', amount: 'amount', issuedAt: 'issued_at', status: 'status', name: 'name' } as const;
export type SortField = keyof typeof SORT_COLUMNS;

export interface CertificateQuery {
  page: number;
  size: number;
  sort: { field: SortField; direction: 'asc' | 'desc' };
  displayCategory?: string;
}

export interface CertificatePage {
  items: CertificateItem[];
  page: number;
  size: number;
  totalElements: number;
}

/** One page of a member's certificates; the certificate id breaks ties so pages never overlap. */
export async function listCertificates(pool: pg.Pool, paxId: number, q: CertificateQuery): Promise<CertificatePage> {
  const dir = q.sort.direction === 'desc' ? 'DESC' : 'ASC';
  const where = `pax_id = $1${q.displayCategory === undefined ? '' : ' AND display_category = $2'}`;
  const args: unknown[] = q.displayCategory === undefined ? [paxId] : [paxId, q.displayCategory];
  const [rows, count] = await Promise.all([
    pool.query<CertificateRow>(
      `SELECT ${CERTIFICATE_COLUMNS} FROM rm_certificates WHERE ${where}
       ORDER BY ${SORT_COLUMNS[q.sort.field]} ${dir}, certificate_id ${dir} LIMIT ${q.size} OFFSET ${q.page * q.size}`,
      args,
    ),
    pool.query<{ n: string }>(`SELECT count(*) AS n FROM rm_certificates WHERE ${where}`, args),
  ]);
  return { items: rows.rows.map((r) => certificateItem(rowToFacts(r))), page: q.page, size: q.size, totalElements: Number(count.rows[0].n) };
}

/** Certificates still ACTIVE past their date, for the nightly expiry; a used one stays used, not expired. */
export async function certificatesToExpire(pool: pg.Pool, today: string): Promise<string[]> {
  const r = await pool.query<{ certificate_id: string }>(
    `SELECT certificate_id FROM rm_certificates WHERE status = 'ACTIVE' AND expiration_date < $1 AND redeemed_on IS NULL`,
    [today],
  );
  return r.rows.map((row) => row.certificate_id);
}

/** The gifts a member bought for someone else, newest first, claimed or not, with their status now. */
export async function giftsSent(pool: pg.Pool, paxId: number): Promise<CertificateItem[]> {
  const r = await pool.query<CertificateRow>(
    `SELECT ${CERTIFICATE_COLUMNS} FROM rm_certificates WHERE purchased_by = $1 AND gift_recipient_email IS NOT NULL ORDER BY issued_at DESC, certificate_id`,
    [paxId],
  );
  return r.rows.map((row) => certificateItem(rowToFacts(row)));
}

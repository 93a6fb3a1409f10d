import type pg from 'pg';
import type { CertificateEvent } from '../../event-schemas';
import { readRows, type Statement } from '../batch-buffer';
import { pushLive, type ProjectedEvent, type Touched } from '../projection';
import { certificateItem } from './certificate-item';
import { CERTIFICATE_COLUMNS, rowToFacts, type CertificateRow } from './certificates-query';

type Issued = Extract<CertificateEvent, { type: 'CertificateIssued' }>;

/** A certificate as the batch holds it: what the wallet shows, and the columns a later event of the batch may change. */
interface Held {
  row: CertificateRow;
  claimedAt: string | null;
  redeemedTreatmentId: string | null;
  position: ProjectedEvent['position'];
  /** Issued in this batch: its whole row is inserted at the end; otherwise its changed columns are updated. */
  issued?: Issued['data'];
  changed: boolean;
}

/** The rows a batch reads first: every certificate its events name (a runner may prefetch exactly this statement). */
export const loadStatement = (events: ProjectedEvent<CertificateEvent>[]): Statement => ({
  sql: `SELECT ${CERTIFICATE_COLUMNS}, claimed_at::text AS claimed_at_text, redeemed_treatment_id::text AS redeemed_treatment_text
          FROM rm_certificates WHERE certificate_id = ANY($1::uuid[])`,
  values: [[...new Set(events.map((e) => e.event.data.certificateId))]],
});

/**
 * A batch of the certificates read model worked out in memory and written in at most three statements: the
 * certificates its events name are read once, every event changes them in log order (telling the owner's live stream
 * the certificate after it, as the per-event statements do), then new certificates are inserted and changed ones
 * updated. Event by event, a rebuild spent most of its time on one UPDATE per status change or use: 17,000 events/s
 * against 80,000-100,000 for the other read models (`npm run projections:rebuild certificates` at 100,000 members).
 */
export async function applyCertificateBatch(db: pg.PoolClient, events: ProjectedEvent<CertificateEvent>[]): Promise<Touched> {
  const held = new Map<string, Held>();
  type Loaded = CertificateRow & { claimed_at_text: string | null; redeemed_treatment_text: string | null };
  for (const r of (await readRows<Loaded>(db, loadStatement(events))).rows) {
    const { claimed_at_text, redeemed_treatment_text, ...row } = r;
    held.set(r.certificate_id, {
      row,
      claimedAt: claimed_at_text,
      redeemedTreatmentId: redeemed_treatment_text,
      position: { major: 0n, minor: 0n },
      changed: false,
    });
  }
  const touched = new Set<number>();
  const tell = (e: ProjectedEvent, paxId: number, row: CertificateRow, extra?: object) =>
    pushLive(db, paxId, e, 'certificate', extra ? { ...certificateItem(rowToFacts(row)), ...extra } : certificateItem(rowToFacts(row)));
  for (const e of events) {
    const id = e.event.data.certificateId;
    if (e.event.type === 'CertificateIssued') {
      const d = e.event.data;
      touched.add(d.paxId);
      // A repeat of one already stored changes nothing; its owner hears the certificate as stored.
      if (!held.has(id)) held.set(id, { row: issuedRow(d), claimedAt: null, redeemedTreatmentId: null, position: e.position, issued: d, changed: true });
      const h = held.get(id)!;
      await tell(e, Number(h.row.pax_id), h.row);
      continue;
    }
    const h = held.get(id);
    switch (e.event.type) {
      case 'CertificateStatusChanged':
        touched.add(e.event.data.paxId);
        if (h) h.row = { ...h.row, status: e.event.data.to, expiration_date: e.event.data.expirationDate };
        break;
      // The recipient claimed a gift: theirs from now on; the buyer's wallet lists it as sent, claimed.
      case 'CertificateTransferred':
        touched.add(e.event.data.toPaxId).add(e.event.data.fromPaxId);
        if (h) {
          h.row = { ...h.row, pax_id: String(e.event.data.toPaxId), claimed: true };
          h.claimedAt = e.metadata.occurredAt;
        }
        break;
      // A treatment used it (or gave it back): still its status, shown as used with the treatment's date.
      case 'CertificateRedeemedOnTreatment':
      case 'CertificateRedemptionReleased': {
        touched.add(e.event.data.paxId);
        const used = e.event.type === 'CertificateRedeemedOnTreatment' ? e.event.data : null;
        if (h) {
          h.row = { ...h.row, redeemed_on: used?.dateOfService ?? null };
          h.redeemedTreatmentId = used?.treatmentId ?? null;
        }
        break;
      }
      default: {
        const never: never = e.event;
        return never;
      }
    }
    // An event for a certificate the read model does not hold changes nothing and tells no one.
    if (!h) continue;
    h.position = e.position;
    h.changed = true;
    await tell(e, Number(h.row.pax_id), h.row);
    if (e.event.type === 'CertificateTransferred') await tell(e, e.event.data.fromPaxId, h.row, { sentGift: true });
  }
  const changed = [...held.values()].filter((h) => h.changed);
  await insertIssued(
    db,
    changed.filter((h) => h.issued),
  );
  await updateChanged(
    db,
    changed.filter((h) => !h.issued),
  );
  return { paxIds: [...touched] };
}

/** The wallet's row of a certificate as its issue wrote it (what CERTIFICATE_COLUMNS would read back). */
const issuedRow = (d: Issued['data']): CertificateRow => ({
  certificate_id: d.certificateId,
  pax_id: String(d.paxId),
  code: d.code,
  name: d.name,
  amount: d.amount.toFixed(2),
  points_cost: String(d.pointsCost),
  category_type: d.certificateCategoryType,
  display_category: d.displayCategory,
  status: d.status,
  expiration_date: d.expirationDate,
  card_art_id: d.cardArtId ?? null,
  campaign_id: d.campaignId === undefined ? null : String(d.campaignId),
  gift_recipient_name: d.gift?.recipientName ?? null,
  gift_recipient_email: d.gift?.recipientEmail ?? null,
  gift_sender_name: d.gift?.senderName ?? null,
  claimed: false,
  redeemed_on: null,
});

async function insertIssued(db: pg.PoolClient, rows: Held[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(f: (h: Held, d: Issued['data']) => T) => rows.map((h) => f(h, h.issued!));
  await db.query(
    `INSERT INTO rm_certificates (certificate_id, pax_id, code, name, amount, points_cost, category_type, display_category, status,
       expiration_date, issued_at, last_position_major, last_position_minor, card_art_id, campaign_id,
       gift_recipient_name, gift_recipient_email, gift_sender_name, purchased_by, category_code, claimed_at, redeemed_on, redeemed_treatment_id)
     SELECT id, pax, code, name, amount, cost, ctype, dcat, status, expires, issued, major, minor, art, campaign, rname, remail, sname, buyer, category,
            claimed, used_on, used_by
       FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::numeric[], $6::bigint[], $7::text[], $8::text[], $9::text[],
                   $10::date[], $11::timestamptz[], $12::numeric[], $13::numeric[], $14::text[], $15::bigint[], $16::text[], $17::text[],
                   $18::text[], $19::bigint[], $20::text[], $21::timestamptz[], $22::date[], $23::uuid[])
            AS x(id, pax, code, name, amount, cost, ctype, dcat, status, expires, issued, major, minor, art, campaign, rname, remail, sname, buyer,
                 category, claimed, used_on, used_by)
     ON CONFLICT DO NOTHING`,
    [
      column((h) => h.row.certificate_id),
      column((h) => h.row.pax_id),
      column((h) => h.row.code),
      column((h) => h.row.name),
      column((h) => h.row.amount),
      column((h) => h.row.points_cost),
      column((h) => h.row.category_type),
      column((h) => h.row.display_category),
      column((h) => h.row.status),
      column((h) => h.row.expiration_date),
      column((_, d) => d.issuedAt),
      column((h) => h.position.major.toString()),
      column((h) => h.position.minor.toString()),
      column((h) => h.row.card_art_id),
      column((h) => h.row.campaign_id),
      column((h) => h.row.gift_recipient_name),
      column((h) => h.row.gift_recipient_email),
      column((h) => h.row.gift_sender_name),
      // The buyer: who it was issued to, whoever holds it after a claim.
      column((_, d) => d.paxId),
      column((_, d) => d.certificateCategoryCode ?? null),
      column((h) => h.claimedAt),
      column((h) => h.row.redeemed_on),
      column((h) => h.redeemedTreatmentId),
    ],
  );
}

async function updateChanged(db: pg.PoolClient, rows: Held[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(f: (h: Held) => T) => rows.map(f);
  await db.query(
    `UPDATE rm_certificates c SET status = x.status, expiration_date = x.expires, pax_id = x.pax, claimed_at = x.claimed, redeemed_on = x.used_on,
            redeemed_treatment_id = x.used_by, last_position_major = x.major, last_position_minor = x.minor
       FROM unnest($1::uuid[], $2::text[], $3::date[], $4::bigint[], $5::timestamptz[], $6::date[], $7::uuid[], $8::numeric[], $9::numeric[])
            AS x(id, status, expires, pax, claimed, used_on, used_by, major, minor)
      WHERE c.certificate_id = x.id`,
    [
      column((h) => h.row.certificate_id),
      column((h) => h.row.status),
      column((h) => h.row.expiration_date),
      column((h) => h.row.pax_id),
      column((h) => h.claimedAt),
      column((h) => h.row.redeemed_on),
      column((h) => h.redeemedTreatmentId),
      column((h) => h.position.major.toString()),
      column((h) => h.position.minor.toString()),
    ],
  );
}

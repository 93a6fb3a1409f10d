import type pg from 'pg';
import { certificateEvents, type CertificateEvent } from '../../event-schemas';
import { pushLive, type Projection, type ProjectedEvent } from '../projection';
import { certificateItem } from './certificate-item';
import { CERTIFICATE_COLUMNS, rowToFacts, type CertificateRow } from './certificates-query';

/** Every member's certificates, the source of GET /participants/{paxId}/certificates and of live `certificate` messages. */
export const certificatesProjection: Projection<CertificateEvent> = {
  name: 'certificates',
  consumes: certificateEvents.types,
  tables: ['rm_certificates'],
  liveKinds: ['certificate'],
  async apply(db, e) {
    switch (e.event.type) {
      case 'CertificateIssued': {
        const d = e.event.data;
        const inserted = await db.query<CertificateRow>(
          `INSERT INTO rm_certificates (certificate_id, pax_id, code, name, amount, points_cost, category_type, display_category, status,
             expiration_date, issued_at, last_position_major, last_position_minor, card_art_id, campaign_id,
             gift_recipient_name, gift_recipient_email, gift_sender_name, purchased_by, category_code)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $2, $19) ON CONFLICT DO NOTHING RETURNING ${CERTIFICATE_COLUMNS}`,
          [
            d.certificateId,
            d.paxId,
            d.code,
            d.name,
            d.amount,
            d.pointsCost,
            d.certificateCategoryType,
            d.displayCategory,
            d.status,
            d.expirationDate,
            d.issuedAt,
            e.position.major.toString(),
            e.position.minor.toString(),
            d.cardArtId ?? null,
            d.campaignId ?? null,
            d.gift?.recipientName ?? null,
            d.gift?.recipientEmail ?? null,
            d.gift?.senderName ?? null,
            d.certificateCategoryCode ?? null,
          ],
        );
        await pushCertificate(db, e, d.certificateId, inserted.rows[0]);
        return { paxIds: [d.paxId] };
      }
      case 'CertificateStatusChanged': {
        const d = e.event.data;
        const updated = await db.query<CertificateRow>(
          `UPDATE rm_certificates SET status = $2, expiration_date = $3, last_position_major = $4, last_position_minor = $5 WHERE certificate_id = $1
           RETURNING ${CERTIFICATE_COLUMNS}`,
          [d.certificateId, d.to, d.expirationDate, e.position.major.toString(), e.position.minor.toString()],
        );
        await pushCertificate(db, e, d.certificateId, updated.rows[0]);
        return { paxIds: [d.paxId] };
      }
      // The recipient claimed a gift: theirs from now on; the buyer's wallet lists it as sent, claimed.
      case 'CertificateTransferred': {
        const d = e.event.data;
        const updated = await db.query<CertificateRow>(
          `UPDATE rm_certificates SET pax_id = $2, claimed_at = $3, last_position_major = $4, last_position_minor = $5 WHERE certificate_id = $1
           RETURNING ${CERTIFICATE_COLUMNS}`,
          [d.certificateId, d.toPaxId, e.metadata.occurredAt, e.position.major.toString(), e.position.minor.toString()],
        );
        await pushCertificate(db, e, d.certificateId, updated.rows[0]);
        const row = updated.rows[0];
        // The buyer's wallet hears it too, marked as sent: it leaves their certificates for their gifts sent.
        if (row) await pushLive(db, d.fromPaxId, e, 'certificate', { ...certificateItem(rowToFacts(row)), sentGift: true });
        return { paxIds: [d.toPaxId, d.fromPaxId] };
      }
      default: {
        const never: never = e.event;
        return never;
      }
    }
  },
};

/** Tells the owner's live stream the certificate as the read model now has it (the written row, else as stored). */
async function pushCertificate(db: pg.PoolClient, e: ProjectedEvent, certificateId: string, written: CertificateRow | undefined) {
  const row =
    written ?? (await db.query<CertificateRow>(`SELECT ${CERTIFICATE_COLUMNS} FROM rm_certificates WHERE certificate_id = $1`, [certificateId])).rows[0];
  if (row) await pushLive(db, Number(row.pax_id), e, 'certificate', certificateItem(rowToFacts(row)));
}

import type pg from 'pg';
import { certificateEvents, type CertificateEvent, type EventOfType } from '../../event-schemas';
import { ERASED_TEXT } from '../../event-schemas/erased';
import { pushLive, type Projection, type ProjectedEvent } from '../projection';
import { applyCertificateBatch, loadStatement } from './certificate-batch';
import { certificateItem } from './certificate-item';
import { CERTIFICATE_COLUMNS, rowToFacts, type CertificateRow } from './certificates-query';

type Consumed = CertificateEvent | EventOfType<'MemberErased'>;

/** Every member's certificates, the source of GET /participants/{paxId}/certificates and of live `certificate` messages. */
export const certificatesProjection: Projection<Consumed> = {
  name: 'certificates',
  consumes: new Set([...certificateEvents.types, 'MemberErased']),
  tables: ['rm_certificates'],
  liveKinds: ['certificate'],
  async apply(db, e) {
    switch (e.event.type) {
      case 'CertificateIssued':
        return issueAll(db, [e as ProjectedEvent<Issued>]);
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
      // A treatment used it: still its status, shown as used with the treatment's date.
      case 'CertificateRedeemedOnTreatment':
      case 'CertificateRedemptionReleased': {
        const d = e.event.data;
        const used = e.event.type === 'CertificateRedeemedOnTreatment' ? e.event.data : null;
        const updated = await db.query<CertificateRow>(
          `UPDATE rm_certificates SET redeemed_on = $2, redeemed_treatment_id = $3, last_position_major = $4, last_position_minor = $5 WHERE certificate_id = $1
           RETURNING ${CERTIFICATE_COLUMNS}`,
          [d.certificateId, used?.dateOfService ?? null, used?.treatmentId ?? null, e.position.major.toString(), e.position.minor.toString()],
        );
        await pushCertificate(db, e, d.certificateId, updated.rows[0]);
        return { paxIds: [d.paxId] };
      }
      // The gifts they bought or were given name people (sender, recipient and the recipient's address): blanked to what
      // the sealed CertificateIssued reads as once the buyer's key is gone. Their certificates themselves stay (voided).
      case 'MemberErased': {
        const paxId = e.event.data.paxId;
        await db.query(
          `UPDATE rm_certificates SET gift_recipient_name = $2, gift_recipient_email = $2, gift_sender_name = $2
            WHERE (pax_id = $1 OR purchased_by = $1) AND gift_recipient_email IS NOT NULL`,
          [paxId, ERASED_TEXT],
        );
        return { paxIds: [paxId] };
      }
      default: {
        const never: never = e.event;
        return never;
      }
    }
  },
  /**
   * The certificates' events in memory, then one insert and one update (certificate-batch.ts), run by run between
   * erasures: an erasure blanks rows the batch does not hold, so what came before it is written first and what comes
   * after it reads the blanked rows.
   */
  async applyAll(db, events) {
    const touched = new Set<number>();
    for (const run of runsBetweenErasures(events)) {
      const result = run.erased ? await certificatesProjection.apply(db, run.erased) : await applyCertificateBatch(db, run.events);
      for (const p of result?.paxIds ?? []) touched.add(p);
    }
    return { paxIds: [...touched] };
  },
  // The first run's read (exactly what applyCertificateBatch asks for first).
  prefetch: (events) => {
    const first = runsBetweenErasures(events)[0];
    return first && !first.erased ? loadStatement(first.events) : undefined;
  },
};

type Run = { erased: ProjectedEvent<EventOfType<'MemberErased'>>; events?: never } | { erased?: never; events: ProjectedEvent<CertificateEvent>[] };

/** The batch cut at each erasure: runs of certificate events, and each erasure on its own. */
function runsBetweenErasures(events: ProjectedEvent<Consumed>[]): Run[] {
  const runs: Run[] = [];
  let current: ProjectedEvent<CertificateEvent>[] = [];
  for (const e of events) {
    if (e.event.type !== 'MemberErased') {
      current.push(e as ProjectedEvent<CertificateEvent>);
      continue;
    }
    if (current.length) runs.push({ events: current });
    current = [];
    runs.push({ erased: e as ProjectedEvent<EventOfType<'MemberErased'>> });
  }
  if (current.length) runs.push({ events: current });
  return runs;
}

type Issued = Extract<CertificateEvent, { type: 'CertificateIssued' }>;

/**
 * Writes issued certificates (a repeat of one already stored changes nothing) and tells each owner's live stream the
 * certificate as stored, in log order: one INSERT for the whole run, one SELECT for any that were already there.
 */
async function issueAll(db: pg.PoolClient, events: ProjectedEvent<Issued>[]): Promise<{ paxIds: number[] }> {
  const column = <T>(f: (e: ProjectedEvent<Issued>) => T) => events.map(f);
  const inserted = await db.query<CertificateRow>(
    `INSERT INTO rm_certificates (certificate_id, pax_id, code, name, amount, points_cost, category_type, display_category, status,
       expiration_date, issued_at, last_position_major, last_position_minor, card_art_id, campaign_id,
       gift_recipient_name, gift_recipient_email, gift_sender_name, purchased_by, category_code)
     SELECT id, pax, code, name, amount, cost, ctype, dcat, status, expires, issued, major, minor, art, campaign, rname, remail, sname, pax, category
       FROM unnest($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::numeric[], $6::bigint[], $7::text[], $8::text[], $9::text[],
                   $10::date[], $11::timestamptz[], $12::numeric[], $13::numeric[], $14::text[], $15::bigint[], $16::text[], $17::text[],
                   $18::text[], $19::text[])
            AS x(id, pax, code, name, amount, cost, ctype, dcat, status, expires, issued, major, minor, art, campaign, rname, remail, sname, category)
     ON CONFLICT DO NOTHING RETURNING ${CERTIFICATE_COLUMNS}`,
    [
      column((e) => e.event.data.certificateId),
      column((e) => e.event.data.paxId),
      column((e) => e.event.data.code),
      column((e) => e.event.data.name),
      column((e) => e.event.data.amount),
      column((e) => e.event.data.pointsCost),
      column((e) => e.event.data.certificateCategoryType),
      column((e) => e.event.data.displayCategory),
      column((e) => e.event.data.status),
      column((e) => e.event.data.expirationDate),
      column((e) => e.event.data.issuedAt),
      column((e) => e.position.major.toString()),
      column((e) => e.position.minor.toString()),
      column((e) => e.event.data.cardArtId ?? null),
      column((e) => e.event.data.campaignId ?? null),
      column((e) => e.event.data.gift?.recipientName ?? null),
      column((e) => e.event.data.gift?.recipientEmail ?? null),
      column((e) => e.event.data.gift?.senderName ?? null),
      column((e) => e.event.data.certificateCategoryCode ?? null),
    ],
  );
  const written = new Map(inserted.rows.map((r) => [r.certificate_id, r]));
  for (const e of events) {
    // The live message carries the row as the read model has it: the one just written, else the one already stored.
    await pushCertificate(db, e, e.event.data.certificateId, written.get(e.event.data.certificateId));
  }
  return { paxIds: events.map((e) => e.event.data.paxId) };
}

/** Tells the owner's live stream the certificate as the read model now has it (the written row, else as stored). */
async function pushCertificate(db: pg.PoolClient, e: ProjectedEvent, certificateId: string, written: CertificateRow | undefined) {
  const row =
    written ?? (await db.query<CertificateRow>(`SELECT ${CERTIFICATE_COLUMNS} FROM rm_certificates WHERE certificate_id = $1`, [certificateId])).rows[0];
  if (row) await pushLive(db, Number(row.pax_id), e, 'certificate', certificateItem(rowToFacts(row)));
}

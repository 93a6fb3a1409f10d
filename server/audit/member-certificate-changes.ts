import type pg from 'pg';
import { certificateStream, decodeStreamEvent, type CertificateEvent, type MemberEvent } from '../../event-schemas';
import type { EventStore, StoredEvent } from '../../event-schemas/store/event-store';
import type { HistoryEvent } from './timeline';

/** A certificate change of the member's, with the certificate it changed as the member knows it (code and name). */
export interface CertificateChange extends HistoryEvent<CertificateEvent> {
  certificate: { code: string; name: string };
}

const decodedCertificateEvent = (s: StoredEvent): HistoryEvent<CertificateEvent> => ({
  ...decodeStreamEvent<CertificateEvent>(s.streamName, s.type, s.data, s.metadata),
  position: s.position,
});

/** A status change made for them as its owner, or a gift they claimed (issue 54: one made while impersonated was missing). */
const isTheirChange = (e: CertificateEvent, paxId: number): boolean =>
  (e.type === 'CertificateStatusChanged' && e.data.paxId === paxId) || (e.type === 'CertificateTransferred' && e.data.toPaxId === paxId);

/**
 * The status changes (and gift claims) of every certificate the member held (issue 28: an impersonating admin's certificate edits were
 * missing from the support history, because they live in the certificate's stream, not the member's). Which
 * certificates: those the wallet lists as theirs now, and those their own stream names (a redemption's certificate,
 * even one given away since). The changes themselves are read from the certificate streams, and only those that
 * name this member as the owner they were made for are kept.
 */
export async function memberCertificateChanges(
  deps: { pool: pg.Pool; store: EventStore },
  paxId: number,
  memberHistory: readonly HistoryEvent<MemberEvent>[],
): Promise<CertificateChange[]> {
  const held = await deps.pool.query<{ certificate_id: string }>('SELECT certificate_id FROM rm_certificates WHERE pax_id = $1', [paxId]);
  const ids = new Set(held.rows.map((r) => r.certificate_id));
  for (const h of memberHistory) {
    const data = h.event.data as { certificateId?: unknown };
    if (typeof data.certificateId === 'string') ids.add(data.certificateId);
  }
  const changes: CertificateChange[] = [];
  for (const id of ids) {
    const stream = (await deps.store.readStream(certificateStream(id))).map(decodedCertificateEvent);
    const issued = stream.find((h) => h.event.type === 'CertificateIssued')?.event;
    const certificate = issued?.type === 'CertificateIssued' ? { code: issued.data.code, name: issued.data.name } : { code: '', name: '' };
    for (const h of stream) if (isTheirChange(h.event, paxId)) changes.push({ ...h, certificate });
  }
  return changes;
}

import type pg from 'pg';
import { certificateStream, type EventOfType } from '../../event-schemas';
import { consuming, type Projection } from '../../projections/projection';

type Consumed = EventOfType<'PointsRedeemed' | 'GiftCertificatesPurchased'>;
import type { EventStore } from '../../event-schemas/store/event-store';
import { issueCertificate } from './issue-certificate';
import { issueGiftOrder, mailGiftRecipients, orderStream } from '../gift-certificates/issue-gift-order';
import type { FindCardArt } from '../gift-certificates/card-art-catalogue';

/**
 * A process manager on the projection runner: for every PointsRedeemed whose certificate stream is missing (the
 * server stopped between spending the points and writing the certificate) it writes the CertificateIssued. The
 * write is idempotent, so racing the redeem route, or replaying after a crash mid-batch, issues nothing twice.
 * It owns no tables and is never rebuilt: it only ever adds what is missing. Gift-certificate orders get the same
 * care (their certificates and OrderPlaced), and their recipients' e-mails, which commit with this checkpoint and
 * name each gift's design as `findCardArt` titles it then.
 */
export const certificateReconciler = (store: EventStore, findCardArt: FindCardArt, claimLink: (code: string) => string): Projection<Consumed> => ({
  name: 'certificate-reconciler',
  consumes: consuming<Consumed>()('PointsRedeemed', 'GiftCertificatesPurchased'),
  tables: [],
  liveKinds: [],
  async apply(db, e) {
    switch (e.event.type) {
      case 'PointsRedeemed': {
        const d = e.event.data;
        const existing = await store.readStream(certificateStream(d.certificateId), { maxCount: 1 });
        if (existing.length > 0) return;
        const { actor, correlationId, causationId, occurredAt } = e.metadata;
        await issueCertificate(store, d, { actor, correlationId, causationId, occurredAt });
        return;
      }
      // A gift order whose OrderPlaced is missing stopped part-way: write whatever of it is missing. The gift
      // e-mails are written here only, with this runner's checkpoint, so each goes out exactly once.
      case 'GiftCertificatesPurchased': {
        const d = e.event.data;
        const placed = await store.readStream(orderStream(d.orderId), { maxCount: 1 });
        const { actor, correlationId, causationId, occurredAt } = e.metadata;
        if (placed.length === 0) await issueGiftOrder(store, d, { actor, correlationId, causationId, occurredAt });
        if (await buyerErased(db, d.paxId)) return;
        await mailGiftRecipients(db, d, findCardArt, claimLink);
        return;
      }
      default: {
        const never: never = e.event;
        return never;
      }
    }
  },
});

/**
 * A buyer erased since the order sends no gift mail (its fields read as erased, and its certificates are voided by
 * server/privacy/erased-member-certificates.ts). The share lock orders this with the erasure's own lock on the row: an
 * erasure under way is waited for and seen here; one that starts later waits for this mail to commit, then deletes it
 * with the buyer's other mail (server/privacy/erase-tables.ts).
 */
async function buyerErased(db: pg.PoolClient, paxId: number): Promise<boolean> {
  const r = await db.query<{ erased_at: Date | null }>('SELECT erased_at FROM participants WHERE pax_id = $1 FOR SHARE', [paxId]);
  return Boolean(r.rows[0]?.erased_at);
}

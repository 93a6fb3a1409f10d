import { certificateStream, type Actor, type EventOfType } from '../../event-schemas';
import type { EventStore } from '../../event-schemas/store/event-store';
import { formatPosition } from '../../event-schemas/store/position';
import type { Migration } from '../../projections/migrations/migration';
import { consuming, type Projection } from '../../projections/projection';
import { handleCommand } from '../core/command-handler';
import { forfeitCertificate } from './erase-member';

/*
 * Certificates that become good for an erased member after their erasure are voided (issue 25). The erasure voids the
 * certificates the certificates read model holds up to MemberErased, but a certificate can still be issued after it:
 * a redemption or gift order appended just before the erasure whose certificate the route or the reconciler writes
 * after it, a promotion's certificate award decided before it and issued after, a campaign offer or welcome
 * certificate written on a certificate stream (which MemberErased does not close). A certificate can also become good
 * again: a treatment's use of it released, or a status changed back to ACTIVE. Refusing those writes would leave a
 * redemption without its certificate (the ledger would lose what the points bought), so this process compensates
 * instead: it follows the log and voids each such certificate with a CertificateStatusChanged, so the liability drops
 * by it and the ledger keeps every fact.
 *
 * It learns who is erased from the log itself, in log order (its own table, written in its own transaction with its
 * checkpoint): a certificate event after a MemberErased always finds the member here, whichever process wrote what
 * first. Voiding is the certificate decider's own idempotent decision (nothing when already void, used or someone
 * else's), so a replay after a crash, or a second server following the same log, voids nothing twice.
 */

type Erased = EventOfType<'MemberErased'>;
type MadeGood = EventOfType<'CertificateIssued' | 'CertificateRedemptionReleased' | 'CertificateStatusChanged' | 'CertificateTransferred'>;
type Consumed = Erased | MadeGood;

const ACTOR: Actor = { kind: 'system', job: 'erased-member-certificates' };

export const erasedMemberCertificateMigrations: Migration[] = [
  {
    id: '1105-erased-member-certificates',
    sql: `
      -- The members whose MemberErased the erased-member-certificates process has read (ids only).
      CREATE TABLE erased_members_seen (
        pax_id bigint PRIMARY KEY,
        erased_position text NOT NULL
      );
    `,
  },
];

/** The member a certificate event leaves holding a good certificate, if it may do that; undefined when it cannot. */
function holderMadeGood(e: MadeGood): { certificateId: string; paxId: number } | undefined {
  switch (e.type) {
    case 'CertificateIssued':
      return e.data.status === 'ACTIVE' ? { certificateId: e.data.certificateId, paxId: e.data.paxId } : undefined;
    case 'CertificateRedemptionReleased':
      return { certificateId: e.data.certificateId, paxId: e.data.paxId };
    case 'CertificateStatusChanged':
      return e.data.to === 'ACTIVE' ? { certificateId: e.data.certificateId, paxId: e.data.paxId } : undefined;
    case 'CertificateTransferred':
      return { certificateId: e.data.certificateId, paxId: e.data.toPaxId };
    default: {
      const never: never = e;
      return never;
    }
  }
}

export const erasedMemberCertificates = ({ store, now }: { store: EventStore; now: () => Date }): Projection<Consumed> => ({
  name: 'erased-member-certificates',
  consumes: consuming<Consumed>()('MemberErased', 'CertificateIssued', 'CertificateRedemptionReleased', 'CertificateStatusChanged', 'CertificateTransferred'),
  tables: [],
  liveKinds: [],
  async apply(db, e) {
    if (e.event.type === 'MemberErased') {
      await db.query('INSERT INTO erased_members_seen (pax_id, erased_position) VALUES ($1, $2) ON CONFLICT (pax_id) DO NOTHING', [
        e.event.data.paxId,
        formatPosition(e.position),
      ]);
      return;
    }
    const held = holderMadeGood(e.event);
    if (!held) return;
    const erased = await db.query('SELECT 1 FROM erased_members_seen WHERE pax_id = $1', [held.paxId]);
    if (!erased.rowCount) return;
    const ctx = { actor: ACTOR, correlationId: e.metadata.correlationId, causationId: e.eventId, now: now() };
    await handleCommand(store, forfeitCertificate, certificateStream(held.certificateId), { paxId: held.paxId }, ctx);
  },
});

import type pg from 'pg';
import { formatPosition } from '../../server/ports/position';
import { pushLive, type Projection, type ProjectedEvent } from '../projection';

/** Balance, pending points and lots per member; the source of GET /points and of live `points` messages. */
export const memberPointsProjection: Projection = {
  name: 'member-points',
  tables: ['rm_member_points', 'rm_point_lots'],
  liveKinds: ['points'],
  async apply(db, e) {
    switch (e.event.type) {
      case 'PointsAwarded': {
        const d = e.event.data;
        await db.query(
          `INSERT INTO rm_point_lots (pax_id, lot_id, amount, remaining, expiration_date, description, source, awarded_at)
           VALUES ($1, $2, $3, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
          [d.paxId, d.lotId, d.amount, d.expirationDate, d.description, d.source, e.metadata.occurredAt],
        );
        await changeBalance(db, e, d.paxId, d.amount, 0, d.amount);
        return { paxIds: [d.paxId] };
      }
      case 'PointsRedeemed': {
        const d = e.event.data;
        await spendLots(db, d.paxId, d.consumed);
        await changeBalance(db, e, d.paxId, -d.amount, 0);
        return { paxIds: [d.paxId] };
      }
      case 'PointsExpired': {
        const d = e.event.data;
        await spendLots(db, d.paxId, [d]);
        await changeBalance(db, e, d.paxId, -d.amount, 0);
        return { paxIds: [d.paxId] };
      }
      // A recorded treatment shows its estimate as pending until the member stream decides the award.
      case 'TreatmentRecorded': {
        const d = e.event.data;
        await changeBalance(db, e, d.paxId, 0, d.expectedPoints);
        return { paxIds: [d.paxId] };
      }
      // The estimate leaves pending; the PointsAwarded appended with this event adds the real award to the balance.
      case 'TreatmentPointsComputed': {
        const d = e.event.data;
        await changeBalance(db, e, d.paxId, 0, -d.expectedPoints);
        return { paxIds: [d.paxId] };
      }
      case 'TreatmentApprovalRequested':
      case 'TreatmentApproved':
      case 'TreatmentProcessed':
        return;
      // The certificates projection keeps these.
      case 'CertificateIssued':
      case 'CertificateStatusChanged':
      case 'ImpersonationStarted':
      case 'ImpersonationEnded':
      // Survey points arrive as their own PointsAwarded.
      case 'SurveySubmitted':
        return;
      default: {
        const never: never = e.event;
        return never;
      }
    }
  },
};

/** Moves the balance and pending figures and tells the member's live stream the new ones. */
export async function changeBalance(db: pg.PoolClient, e: ProjectedEvent, paxId: number, balanceDelta: number, pendingDelta: number, earnedDelta = 0) {
  const r = await db.query<{ balance: string; pending: string }>(
    `INSERT INTO rm_member_points AS m (pax_id, balance, pending, lifetime_earned, last_position_major, last_position_minor)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (pax_id) DO UPDATE SET balance = m.balance + $2, pending = m.pending + $3, lifetime_earned = m.lifetime_earned + $4,
       last_position_major = $5, last_position_minor = $6
     RETURNING balance, pending`,
    [paxId, balanceDelta, pendingDelta, earnedDelta, e.position.major.toString(), e.position.minor.toString()],
  );
  const { balance, pending } = r.rows[0];
  await pushLive(db, paxId, e, 'points', { paxId, balance: Number(balance), pending: Number(pending), position: formatPosition(e.position) });
}

/** Lowers what is left of each lot a redemption or expiry took points from. */
async function spendLots(db: pg.PoolClient, paxId: number, spent: readonly { lotId: string; amount: number }[]) {
  for (const s of spent) await db.query('UPDATE rm_point_lots SET remaining = remaining - $3 WHERE pax_id = $1 AND lot_id = $2', [paxId, s.lotId, s.amount]);
}

import type { Erased } from '../../event-schemas/contract/participants';
import { certificateStream, memberStream, type Actor } from '../../event-schemas';
import { formatPosition, maxPosition, type Position } from '../../event-schemas/store/position';
import { announceRevoked } from '../auth/sessions';
import { handleCommand } from '../core/command-handler';
import { notFound, Problem } from '../core/problem';
import type { Deps } from '../deps';
import { correlationId } from '../operations/request-context';
import { eraseMember, forfeitCertificate } from './erase-member';
import { eraseFromTables } from './erase-tables';
import { keyringFor } from './sealing/member-keys';

export interface ErasureRequest {
  paxId: number;
  requestedBy: 'MEMBER' | 'STAFF';
  reason: string | null;
  actor: Actor;
}

/** Both erasure routes answer the contract's shape (event-schemas/contract/participants.ts). */
export type ErasureAnswer = Erased;

/** How long an erasure waits for the certificates read model to hold the member's certificates up to the erasure. */
const CERTIFICATES_WAIT_MS = 10_000;

/**
 * 404 for no such member, 409 for one already erased, and 409 for a staff account: erasure is the patients' right
 * over their own record. A staff account holds no patient data to forget, and what it did (awards, impersonations,
 * reads of members' records) must stay attributed to it in the audit trails, so it is closed by taking its access
 * away, never by member erasure (issue 25). The admin UI does not offer it (member-support-page.tsx).
 */
export async function assertErasable(deps: Pick<Deps, 'pool'>, paxId: number): Promise<void> {
  const r = await deps.pool.query<{ erased_at: Date | null; is_admin: boolean }>('SELECT erased_at, is_admin FROM participants WHERE pax_id = $1', [paxId]);
  if (!r.rowCount) throw notFound(`Participant ${paxId}`);
  const erasedAt = r.rows[0].erased_at;
  if (erasedAt) throw new Problem('conflict', `Participant ${paxId} was already erased on ${erasedAt.toISOString()}`);
  if (r.rows[0].is_admin) throw new Problem('invalid-state', STAFF_ACCOUNT_REFUSAL(paxId));
}

export const STAFF_ACCOUNT_REFUSAL = (paxId: number) =>
  `Participant ${paxId} is a staff account: member erasure is for members; a staff account is closed by removing its access, so its actions stay attributed in the audit trails`;

/**
 * Erases a member (issue 25, item 4), in steps each safe to run again, so a crash anywhere is finished by a retry:
 * 1. the member stream: their points forfeited and MemberErased, in one append (a retry appends nothing);
 * 2. their certificates still good, voided, once the certificates read model holds everything up to the erasure;
 * 3. the plain tables, in one transaction that also marks them erased: the mark is what answers 409 afterwards, so it
 *    is set only once everything before it is done.
 * Read models blank their own rows on MemberErased (projections/erasure.ts).
 */
export async function eraseMemberEverywhere(deps: Pick<Deps, 'pool' | 'store' | 'now' | 'progress'>, request: ErasureRequest): Promise<ErasureAnswer> {
  const { paxId } = request;
  await assertErasable(deps, paxId);
  const ctx = { actor: request.actor, correlationId: correlationId(), now: deps.now() };
  const stream = await handleCommand(deps.store, eraseMember, memberStream(paxId), request, ctx);
  const erasure = stream.history.find((h) => h.event.type === 'MemberErased');
  let position: Position | undefined = stream.position ?? erasure?.position;
  if (!position) throw new Error(`member ${paxId}: no MemberErased after the erasure's append`);
  const erasedAt = new Date(erasure?.metadata.occurredAt ?? ctx.now.toISOString());

  if (!(await deps.progress.waitFor(position, CERTIFICATES_WAIT_MS, ['certificates'])))
    throw new Problem('unavailable', 'The erasure is recorded but the certificates are not yet up to date; send it again to finish it');
  const active = await deps.pool.query<{ certificate_id: string }>(`SELECT certificate_id FROM rm_certificates WHERE pax_id = $1 AND status = 'ACTIVE'`, [
    paxId,
  ]);
  for (const { certificate_id } of active.rows) {
    const voided = await handleCommand(deps.store, forfeitCertificate, certificateStream(certificate_id), { paxId }, ctx);
    if (voided.position) position = maxPosition(position, voided.position);
  }

  const db = await deps.pool.connect();
  let endedSessions: Buffer[];
  try {
    await db.query('BEGIN');
    const done = await eraseFromTables(db, paxId, erasedAt);
    if (!done.erased) throw new Problem('conflict', `Participant ${paxId} was already erased`);
    await db.query('COMMIT');
    endedSessions = done.endedSessions;
  } catch (error) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    db.release();
  }
  // This process forgets the key at once; the others when the commit's notice reaches them.
  keyringFor(deps.pool).forget(paxId);
  await announceRevoked(deps.pool, endedSessions);
  return { paxId, erasedAt: erasedAt.toISOString(), position: formatPosition(position) };
}

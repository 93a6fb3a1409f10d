import { correlationId } from '../operations/request-context';
import { encodeEvent, memberStream, TreatmentProcessed, type Actor } from '../../event-schemas';
import { dateIn } from '../../event-schemas/calendar';
import { handleCommand, loadStream } from '../core/command-handler';
import { skipErased } from '../core/erased-streams';
import { deterministicUuid } from '../core/deterministic-id';
import { Problem } from '../core/problem';
import type { Deps } from '../deps';
import { DuplicateEventId } from '../../event-schemas/store/event-store';
import { formatPosition, maxPosition, type Position } from '../../event-schemas/store/position';
import { earnTreatmentPoints } from './earn-treatment-points';
import { evolveTreatment, initialTreatmentState, treatmentStream } from './treatment-state';

const ACTOR: Actor = { kind: 'system', job: 'process-treatments' };
type JobDeps = Pick<Deps, 'pool' | 'store' | 'now' | 'settings' | 'progress'>;

/**
 * Processes one PENDING treatment: the member stream decides the award (once: it remembers processed treatments),
 * then the treatment stream is marked processed with an event id derived from the treatment, so a retry after a
 * crash between the two appends, or a second process doing the same, cannot write it twice.
 * Answers the points this call awarded (0 when someone else already had).
 */
export async function processTreatment(deps: JobDeps, treatmentId: string): Promise<{ processed: boolean; pointsAwarded: number; position?: Position }> {
  const stream = treatmentStream(treatmentId);
  const { state } = await loadStream(deps.store, { evolve: evolveTreatment, initialState: initialTreatmentState }, stream);
  if (state.kind !== 'recorded' || state.status !== 'PENDING') return { processed: false, pointsAwarded: 0 };
  const now = deps.now();
  const ctx = { actor: ACTOR, correlationId: correlationId(), causationId: treatmentId, now };
  const result = await handleCommand(
    deps.store,
    earnTreatmentPoints,
    memberStream(state.paxId),
    {
      treatmentId,
      paxId: state.paxId,
      dateOfService: state.dateOfService,
      lineItems: state.lineItems,
      redeemedCertificates: state.redeemedCertificates,
      expectedPoints: state.expectedPoints,
      today: dateIn(deps.settings.timeZone, now),
      expiryMonths: deps.settings.pointsExpiryMonths,
      partnerDailyLimit: deps.settings.partnerDailyPointsLimit,
    },
    ctx,
  ).catch(skipErased);
  // The member was erased before the nightly run: their treatment earns nothing and stays as it was.
  if (!result) return { processed: false, pointsAwarded: 0 };
  const decided = [...result.appended, ...result.history.map((h) => h.event)];
  const computed = decided.find((e) => e.type === 'TreatmentPointsComputed' && e.data.treatmentId === treatmentId);
  // Voided between this run's read of the treatment and its award: the reversal came first, so nothing is awarded.
  if (!computed && decided.some((e) => e.type === 'PointsReversed' && e.data.treatmentId === treatmentId)) return { processed: false, pointsAwarded: 0 };
  if (!computed || computed.type !== 'TreatmentPointsComputed') throw new Error(`treatment ${treatmentId} has no computed award`);
  const processed = TreatmentProcessed.of({ treatmentId, paxId: state.paxId, pointsAwarded: computed.data.totalAwarded, reasons: computed.data.reasons });
  const meta = { actor: ACTOR, correlationId: ctx.correlationId, causationId: treatmentId, occurredAt: now.toISOString() };
  let position = result.position;
  try {
    const marked = await deps.store.appendToStream(stream, [encodeEvent(deterministicUuid(`treatment-processed|${treatmentId}`), processed, meta)], {
      expectedRevision: 'any',
    });
    position = marked.position;
  } catch (error) {
    // A concurrent twin inserted the same event id between our check and our insert: it is written, once.
    if (!(error instanceof DuplicateEventId)) throw error;
  }
  const awardedHere = result.appended.length > 0;
  return { processed: awardedHere, pointsAwarded: awardedHere ? computed.data.totalAwarded : 0, ...(position ? { position } : {}) };
}

/**
 * Members whose treatments are processed at once. One at a time, a day's work of a national programme (thousands of
 * treatments, four round trips and a member's history read each) took minutes; each append is still its own short
 * transaction, and a member's treatments still go one after another, so no two ever race for one member stream.
 */
export const MEMBERS_IN_FLIGHT = 8;

/**
 * Processes every PENDING treatment whose date of service is on or before `runDate`: members side by side, each
 * member's treatments in date order. Waits (bounded) for the treatments read model to include what is already written.
 */
export async function runProcessTreatments(deps: JobDeps, runDate: string): Promise<{ processed: number; pointsAwarded: number; position?: string }> {
  // The newest committed event, not the newest readable one: a treatment reported just before the run but behind a
  // transaction still open elsewhere (a projection batch) is past headPosition, and the run missed it (an e2e run's job
  // processed another member's treatment and left the one reported 150 ms before it pending).
  const head = await deps.store.committedHead();
  // Running on a read model that lags would leave due treatments for tomorrow; refusing lets the caller retry.
  if (head && !(await deps.progress.waitFor(head, 5000, ['treatments'])))
    throw new Problem('unavailable', 'The treatments read model is catching up; try again shortly');
  const due = await deps.pool.query<{ treatment_id: string; pax_id: string }>(
    `SELECT treatment_id, pax_id FROM rm_treatments WHERE status = 'PENDING' AND date_of_service <= $1 ORDER BY date_of_service, recorded_at`,
    [runDate],
  );
  const byMember = new Map<string, string[]>();
  for (const row of due.rows) {
    const ids = byMember.get(row.pax_id);
    if (ids) ids.push(row.treatment_id);
    else byMember.set(row.pax_id, [row.treatment_id]);
  }
  const queue = [...byMember.values()];
  let processed = 0;
  let pointsAwarded = 0;
  // Members are processed side by side, so the last append in time is the furthest position, not the last one seen.
  let furthest: Position | undefined;
  const worker = async () => {
    for (let ids = queue.shift(); ids; ids = queue.shift()) {
      for (const id of ids) {
        const r = await processTreatment(deps, id);
        if (r.processed) processed += 1;
        pointsAwarded += r.pointsAwarded;
        if (r.position) furthest = furthest ? maxPosition(furthest, r.position) : r.position;
      }
    }
  };
  await Promise.all(Array.from({ length: MEMBERS_IN_FLIGHT }, worker));
  return { processed, pointsAwarded, ...(furthest ? { position: formatPosition(furthest) } : {}) };
}

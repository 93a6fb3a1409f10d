import { encodeEvent, memberStream, TreatmentVoided, certificateStream, type MemberEvent } from '../../event-schemas';
import { addDays, dateIn } from '../../event-schemas/calendar';
import { WrongExpectedRevision } from '../../event-schemas/store/event-store';
import { randomUUID } from 'node:crypto';
import { maxPosition, type Position } from '../../event-schemas/store/position';
import { reinstateCertificate } from '../certificates/reinstate-certificate';
import { revokeEarnedCertificate } from '../certificates/revoke-earned-certificate';
import { handleCommand, loadStream, type CommandContext } from '../core/command-handler';
import { skipErased } from '../core/erased-streams';
import { notFound, Problem } from '../core/problem';
import type { Deps } from '../deps';
import { reverseTreatment } from './reverse-treatment';
import { evolveTreatment, initialTreatmentState, treatmentStream, type RecordedTreatment, type TreatmentState } from './treatment-state';

/** A practice may void its own treatment up to this many days after its date of service; an admin at any time. */
export const PRACTICE_VOID_WINDOW_DAYS = 30;

export interface VoidRequest {
  treatmentId: string;
  reason: string;
  /** The practice voiding (its own treatments only, within the window); absent for an admin. */
  practiceId?: number;
}

export interface VoidOutcome {
  treatmentId: string;
  status: 'VOIDED';
  pointsReversed: number;
  certificatesReinstated: string[];
  /** Promotion certificates the treatment earned, revoked unused. */
  certificatesRevoked: string[];
  /** Promotion certificates it earned that were already used: their value is owed, not kept silently. */
  certificatesOwed: { code: string; amount: number }[];
  position?: Position;
}

type VoidDeps = Pick<Deps, 'pool' | 'store' | 'now' | 'settings'>;

/**
 * Voids a treatment. The void is claimed on the treatment's stream first (at the revision read, so of two voids one
 * wins and the other answers 409), then its consequences are decided on the streams that own them: the member's
 * points (reverseTreatment, which races the nightly award with one outcome) and each certificate it used
 * (reinstateCertificate). Both are idempotent, and `completeVoid` is what the treatment-voids process runs again
 * for every void in the log, so a crash between the claim and its consequences loses nothing.
 */
export async function voidTreatment(deps: VoidDeps, request: VoidRequest, ctx: CommandContext): Promise<VoidOutcome> {
  const stream = treatmentStream(request.treatmentId);
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await loadStream(deps.store, { evolve: evolveTreatment, initialState: initialTreatmentState }, stream);
    const voided = decideVoid(state, request, dateIn(deps.settings.timeZone, deps.now()));
    const meta = { actor: ctx.actor, correlationId: ctx.correlationId, causationId: ctx.causationId ?? ctx.correlationId, occurredAt: ctx.now.toISOString() };
    let claimed: Position;
    try {
      // At the revision read: of two voids at once the second conflicts, reads the first, and answers 409.
      const r = await deps.store.appendToStream(stream, [encodeEvent(randomUUID(), voided, meta)], { expectedRevision: revision ?? 'no_stream' });
      claimed = r.position;
    } catch (error) {
      // The nightly job marked it processed meanwhile, or another void won: decide again on what is there now.
      if (error instanceof WrongExpectedRevision && attempt < 5) continue;
      throw error;
    }
    const recorded = state as RecordedTreatment;
    const done = await completeVoid(deps, recorded, { ...ctx, causationId: recorded.treatmentId });
    return { ...done, position: done.position ? maxPosition(done.position, claimed) : claimed };
  }
}

/** Whether this caller may void this treatment now: the void to claim, or the refusal. */
function decideVoid(state: TreatmentState, request: VoidRequest, today: string) {
  // Another practice's treatment is as unknown to this one as a treatment that does not exist.
  if (state.kind !== 'recorded' || (request.practiceId !== undefined && state.practiceId !== request.practiceId))
    throw notFound(`Treatment ${request.treatmentId}`);
  if (state.status === 'VOIDED') throw new Problem('already-voided', `Treatment ${request.treatmentId} is already voided`);
  if (request.practiceId !== undefined && addDays(state.dateOfService, PRACTICE_VOID_WINDOW_DAYS) < today)
    throw new Problem(
      'void-window-closed',
      `A practice may void a treatment up to ${PRACTICE_VOID_WINDOW_DAYS} days after its date of service (${state.dateOfService}); ask the programme to void it`,
    );
  return TreatmentVoided.of({
    treatmentId: state.treatmentId,
    paxId: state.paxId,
    reason: request.reason.trim(),
    voidedBy: request.practiceId === undefined ? 'ADMIN' : 'PRACTICE',
  });
}

/**
 * What a void undoes, decided on the streams that own it; nothing twice however often it runs. Answers what was
 * reversed (also when an earlier run did it) and the codes of the certificates given back.
 */
export async function completeVoid(deps: VoidDeps, treatment: RecordedTreatment, ctx: CommandContext): Promise<VoidOutcome> {
  let position: Position | undefined;
  const further = (p: Position | undefined) => {
    if (p) position = position ? maxPosition(position, p) : p;
  };
  // The member's points and each certificate it used are separate streams: decided side by side.
  const [reversal, certificatesReinstated] = await Promise.all([
    handleCommand(
      deps.store,
      reverseTreatment,
      memberStream(treatment.paxId),
      { treatmentId: treatment.treatmentId, paxId: treatment.paxId, dateOfService: treatment.dateOfService, expectedPoints: treatment.expectedPoints },
      ctx,
    ).catch(skipErased),
    reinstateUsedCertificates(deps, treatment, ctx, further),
  ]);
  further(reversal?.position);
  const reversed = reversal
    ? [...reversal.appended, ...reversal.history.map((h) => h.event)].find((e) => e.type === 'PointsReversed' && e.data.treatmentId === treatment.treatmentId)
    : undefined;
  const pointsReversed = reversed?.type === 'PointsReversed' ? reversed.data.amount : 0;
  const earned = await settleEarnedCertificates(
    deps,
    reversal ? [...reversal.history.map((h) => h.event), ...reversal.appended] : [],
    treatment.treatmentId,
    ctx,
  );
  further(earned.position);
  return {
    treatmentId: treatment.treatmentId,
    status: 'VOIDED',
    pointsReversed,
    certificatesReinstated,
    certificatesRevoked: earned.revoked,
    certificatesOwed: earned.owed,
    ...(position ? { position } : {}),
  };
}

/** Each certificate the treatment used, given back on its own stream; answers the codes this run gave back. */
async function reinstateUsedCertificates(deps: VoidDeps, treatment: RecordedTreatment, ctx: CommandContext, further: (p: Position | undefined) => void) {
  const reinstated: string[] = [];
  const codes = treatment.redeemedCertificates.map((c) => c.code);
  if (codes.length === 0) return reinstated;
  const today = dateIn(deps.settings.timeZone, ctx.now);
  // Only the code to id: whether this treatment holds the certificate is the certificate stream's to say (the read
  // model may not have its use yet).
  const held = await deps.pool.query<{ certificate_id: string; code: string }>(
    'SELECT certificate_id, code FROM rm_certificates WHERE code = ANY($1::text[])',
    [codes],
  );
  for (const row of held.rows) {
    const r = await handleCommand(deps.store, reinstateCertificate, certificateStream(row.certificate_id), { treatmentId: treatment.treatmentId, today }, ctx);
    further(r.position);
    if (r.appended.length) reinstated.push(row.code);
  }
  return reinstated;
}

/**
 * The promotion certificates this treatment earned (named by its payouts on the member stream): each unused one is
 * revoked on its own stream; each used one is answered as owed. Answers the same however often it runs: a revoked
 * certificate is named from its VOID by this rule (revoked by an earlier run), not only when revoked now.
 */
async function settleEarnedCertificates(deps: VoidDeps, memberEvents: readonly MemberEvent[], treatmentId: string, ctx: CommandContext) {
  const revoked: string[] = [];
  const owed: { code: string; amount: number }[] = [];
  let position: Position | undefined;
  for (const e of memberEvents) {
    if (e.type !== 'PromotionAwardEarned' || e.data.treatmentId !== treatmentId || !e.data.certificate) continue;
    const r = await handleCommand(deps.store, revokeEarnedCertificate, certificateStream(e.data.certificate.certificateId), {}, ctx);
    if (r.position) position = position ? maxPosition(position, r.position) : r.position;
    if (r.state.kind !== 'issued') continue;
    if (r.state.redeemedOn) owed.push({ code: r.state.code, amount: r.state.amount });
    else if (r.state.status === 'VOID') revoked.push(r.state.code);
  }
  return { revoked, owed, position };
}

import type pg from 'pg';
import { CertificateIssued, certificateStream, encodeEvent, memberStream, type Actor, type EventOfType, type PromotionEvent } from '../../event-schemas';
import { dateIn } from '../../event-schemas/calendar';
import { DuplicateEventId, WrongExpectedRevision } from '../../event-schemas/store/event-store';
import { deterministicUuid } from '../core/deterministic-id';
import { consuming, type ProjectedEvent, type Projection } from '../../projections/projection';
import { newCertificateCode } from '../certificates/certificate-code';
import { handleCommand, type CommandContext } from '../core/command-handler';
import { skipErased } from '../core/erased-streams';
import type { Deps } from '../deps';
import { issuedCertificateTerms } from '../certificate-categories/category-repository';
import { groupsContaining, participantFacts } from '../groups/group-repository';
import { payPromotion, type AwardCertificate } from './pay-promotion';
import type { MeasuredLine } from './payout-rules';
import { payoutKey, type PromotionAward } from './payout-state';
import { evolvePromotion, type Promotion, type PromotionState } from './promotion-state';

const ACTOR: Actor = { kind: 'system', job: 'promotion-payouts' };
type PayoutDeps = Pick<Deps, 'pool' | 'store' | 'settings' | 'now' | 'log'>;
type Consumed = PromotionEvent | EventOfType<'TreatmentRecorded' | 'TreatmentProcessed'>;

/** Statuses that still pay: ENDED pays for treatments inside its window; PAYMENTS_STOPPED, NEW and DRAFT pay nothing. */
export const PAYING_STATUSES: ReadonlySet<string> = new Set(['ACTIVE', 'ENDED']);

interface PaidTreatment {
  treatmentId: string;
  paxId: number;
  dateOfService: string;
  lines: MeasuredLine[];
}

/*
 * The promotion payouts: a process on the projection runner (its own checkpoint, like the referral rewards). It keeps
 * two tables of its own, written in the runner's transaction in log order: each promotion folded as of the log
 * position (so a treatment is paid by the rules and status the promotion had when the treatment was processed, and
 * the payout names that revision), and each treatment's measured lines. When a treatment is processed it pays every
 * promotion that is ACTIVE or ENDED, has rules, holds the date of service in its window and targets the member; when
 * a retro promotion is published it pays the treatments already processed inside its window. Each payout is decided
 * on the member stream by payPromotion, which pays a treatment once per promotion however often this runs.
 */
export const promotionPayouts = (deps: PayoutDeps): Projection<Consumed> => ({
  name: 'promotion-payouts',
  consumes: consuming<Consumed>()('PromotionCreated', 'PromotionRevised', 'PromotionStatusChanged', 'TreatmentRecorded', 'TreatmentProcessed'),
  // Its memory: a reset empties it with the checkpoint, and the replay refills it in log order (payouts stay once:
  // they are decided on the member stream).
  tables: ['promotion_payout_promotions', 'promotion_payout_treatments'],
  liveKinds: [],
  async apply(db, e) {
    const ev = e.event;
    switch (ev.type) {
      case 'PromotionCreated':
      case 'PromotionRevised':
      case 'PromotionStatusChanged': {
        const promotion = await foldPromotion(db, ev, e);
        if (ev.type === 'PromotionStatusChanged' && retroPublication(ev.data, promotion)) {
          for (const t of await processedInWindow(db, promotion)) await payOne(deps, promotion, t, e);
        }
        return;
      }
      case 'TreatmentRecorded': {
        const d = ev.data;
        const lines: MeasuredLine[] = d.lineItems.map((l) => ({ productId: l.productId, quantity: l.quantity }));
        await db.query(
          `INSERT INTO promotion_payout_treatments (treatment_id, pax_id, date_of_service, lines) VALUES ($1, $2, $3, $4) ON CONFLICT (treatment_id) DO NOTHING`,
          [d.treatmentId, d.paxId, d.dateOfService, JSON.stringify(lines)],
        );
        return;
      }
      case 'TreatmentProcessed': {
        const r = await db.query<{ pax_id: string; date_of_service: string; lines: MeasuredLine[] }>(
          `UPDATE promotion_payout_treatments SET processed = true WHERE treatment_id = $1 RETURNING pax_id, to_char(date_of_service, 'YYYY-MM-DD') AS date_of_service, lines`,
          [ev.data.treatmentId],
        );
        const row = r.rows[0];
        if (!row) return;
        const treatment: PaidTreatment = { treatmentId: ev.data.treatmentId, paxId: Number(row.pax_id), dateOfService: row.date_of_service, lines: row.lines };
        // The index narrows the candidates; the rule itself is the pure paysFor (unit tested).
        for (const promotion of await payingOn(db, treatment.dateOfService))
          if (paysFor(promotion, treatment.dateOfService)) await payOne(deps, promotion, treatment, e);
        return;
      }
      default: {
        const never: never = ev;
        return never;
      }
    }
  },
});

/** Folds one promotion event into the process's own copy of the promotion, in log order. */
async function foldPromotion(db: pg.PoolClient, ev: PromotionEvent, e: ProjectedEvent<Consumed>): Promise<Promotion> {
  const id = ev.data.promotionId;
  const r = await db.query<{ state: Promotion }>('SELECT state FROM promotion_payout_promotions WHERE promotion_id = $1 FOR UPDATE', [id]);
  const before: PromotionState = r.rows[0]?.state ?? { kind: 'none' };
  const after = evolvePromotion(before, ev);
  if (after.kind !== 'created') throw new Error(`promotion ${id} has no creation before ${ev.type}`);
  // The stream's own revision, not a count: what a payout names is exactly what the audit shows.
  const promotion: Promotion = { ...after, revision: e.revision };
  await db.query(
    `INSERT INTO promotion_payout_promotions (promotion_id, status, from_date, thru_date, has_rules, state) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (promotion_id) DO UPDATE SET status = $2, from_date = $3, thru_date = $4, has_rules = $5, state = $6`,
    [id, promotion.status, promotion.fromDate, promotion.thruDate, promotion.payoutAndRules.rules.length > 0, JSON.stringify(promotion)],
  );
  return promotion;
}

async function payingOn(db: pg.PoolClient, dateOfService: string): Promise<Promotion[]> {
  const r = await db.query<{ state: Promotion }>(
    `SELECT state FROM promotion_payout_promotions WHERE status = ANY($1) AND has_rules AND from_date <= $2 AND thru_date >= $2 ORDER BY promotion_id`,
    [[...PAYING_STATUSES], dateOfService],
  );
  return r.rows.map((x) => x.state);
}

async function processedInWindow(db: pg.PoolClient, p: Promotion): Promise<PaidTreatment[]> {
  const r = await db.query<{ treatment_id: string; pax_id: string; date_of_service: string; lines: MeasuredLine[] }>(
    `SELECT treatment_id, pax_id, to_char(date_of_service, 'YYYY-MM-DD') AS date_of_service, lines FROM promotion_payout_treatments
      WHERE processed AND date_of_service BETWEEN $1 AND $2 ORDER BY date_of_service, treatment_id`,
    [p.fromDate, p.thruDate],
  );
  return r.rows.map((x) => ({ treatmentId: x.treatment_id, paxId: Number(x.pax_id), dateOfService: x.date_of_service, lines: x.lines }));
}

/** No groups means every member; otherwise membership of one of them, on today's facts (deleted groups hold nobody). */
async function targets(deps: PayoutDeps, p: Promotion, paxId: number, today: string): Promise<boolean> {
  if (p.groupIds.length === 0) return true;
  const facts = await participantFacts(deps.pool, paxId, today);
  return facts !== undefined && (await groupsContaining(deps.pool, p.groupIds, facts)).size > 0;
}

async function awardCertificate(pool: pg.Pool, code: string | null): Promise<AwardCertificate | null> {
  const terms = code ? await issuedCertificateTerms(pool, code) : undefined;
  return code && terms && terms.amount !== null ? { categoryCode: code, name: terms.name, value: terms.amount, expirationDays: terms.expirationDays } : null;
}

async function payOne(deps: PayoutDeps, p: Promotion, t: PaidTreatment, e: ProjectedEvent<Consumed>): Promise<void> {
  const now = deps.now();
  const today = dateIn(deps.settings.timeZone, now);
  if (!(await targets(deps, p, t.paxId, today))) return;
  const certificate = p.payoutAndRules.awardType === 'CERTIFICATE' ? await awardCertificate(deps.pool, p.certificateCategoryCode) : null;
  if (p.payoutAndRules.awardType === 'CERTIFICATE' && !certificate) {
    deps.log(
      `promotion ${p.promotionId} awards certificates of ${p.certificateCategoryCode ?? 'no category'}, which has no amount; treatment ${t.treatmentId} gets none`,
    );
    return;
  }
  const ctx: CommandContext = { actor: ACTOR, correlationId: e.metadata.correlationId, causationId: e.eventId, now };
  // An erased member is paid nothing more: their stream takes no award (server/core/erased-streams.ts).
  const result = await handleCommand(
    deps.store,
    payPromotion,
    memberStream(t.paxId),
    {
      paxId: t.paxId,
      promotion: { promotionId: p.promotionId, revision: p.revision, name: p.name, payoutAndRules: p.payoutAndRules, certificate },
      treatment: { treatmentId: t.treatmentId, dateOfService: t.dateOfService, lines: t.lines },
      today,
      expiryMonths: deps.settings.pointsExpiryMonths,
    },
    ctx,
  ).catch(skipErased);
  if (!result) return;
  // Decided now or before a crash: a certificate award is issued on its own stream, once (no_stream).
  const award = result.state.paid.get(payoutKey(p.promotionId, t.treatmentId));
  // Not once the treatment is voided: the void revokes what was issued, and nothing is issued after it.
  if (award?.certificate && !result.state.reversedTreatments.has(t.treatmentId)) await issueCertificate(deps, award, ctx);
}

async function issueCertificate(deps: PayoutDeps, award: PromotionAward, ctx: CommandContext): Promise<void> {
  const c = award.certificate!;
  const issuedAt = ctx.now.toISOString();
  const event = CertificateIssued.of({
    certificateId: c.certificateId,
    code: newCertificateCode(),
    paxId: award.paxId,
    amount: c.value,
    pointsCost: 0,
    name: c.name,
    certificateCategoryType: null,
    // Like the offers a campaign issues: the wallet's filter shows promotion certificates together.
    displayCategory: 'promotion',
    certificateCategoryCode: c.categoryCode,
    status: 'ACTIVE',
    issuedAt,
    expirationDate: award.expirationDate,
  });
  try {
    await deps.store.appendToStream(
      certificateStream(c.certificateId),
      [
        encodeEvent(deterministicUuid(`issued|${c.certificateId}`), event, {
          actor: ACTOR,
          correlationId: ctx.correlationId,
          causationId: ctx.causationId ?? ctx.correlationId,
          occurredAt: issuedAt,
        }),
      ],
      {
        expectedRevision: 'no_stream',
      },
    );
  } catch (error) {
    // Issued already (by an earlier run, before a crash, or by a second server following the same log).
    if (!(error instanceof WrongExpectedRevision) && !(error instanceof DuplicateEventId)) throw error;
  }
}

/** Whether a promotion pays a treatment of this date of service: a paying status, rules, and the date in its window. */
export const paysFor = (p: Pick<Promotion, 'status' | 'fromDate' | 'thruDate' | 'payoutAndRules'>, dateOfService: string): boolean =>
  PAYING_STATUSES.has(p.status) && p.payoutAndRules.rules.length > 0 && p.fromDate <= dateOfService && dateOfService <= p.thruDate;

/** Whether a status change is a retro promotion's publication, which pays the treatments already processed. */
export const retroPublication = (change: { to: string }, p: Pick<Promotion, 'payoutAndRules'>): boolean =>
  change.to === 'ACTIVE' && p.payoutAndRules.retro && p.payoutAndRules.rules.length > 0;

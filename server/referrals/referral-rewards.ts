import type pg from 'pg';
import { memberStream, type Actor, type EventOfType, type MemberEvent } from '../../event-schemas';
import { consuming, type Projection } from '../../projections/projection';
import { dateIn } from '../../event-schemas/calendar';
import { handleCommand, loadStream, type CommandContext } from '../core/command-handler';
import { skipErased } from '../core/erased-streams';
import type { Deps } from '../deps';
import { addMonths } from '../points/give-points';
import { awardReferral, referralKey, referralLotId } from './award-referral';
import { completedTreatment, firstCompletedTreatment } from './first-treatment';

const ACTOR: Actor = { kind: 'system', job: 'referral-rewards' };
type RewardDeps = Pick<Deps, 'store' | 'settings' | 'now'>;

interface Referral {
  newFirstName: string;
  referrerId: number;
  referrerFirstName: string;
}

/** The referral behind a member, if it still earns rewards: the referrer's account exists and is not staff. */
async function rewardableReferral(db: pg.PoolClient, paxId: number): Promise<Referral | undefined> {
  const r = await db.query<{ first_name: string; referrer_id: string; referrer_first_name: string }>(
    `SELECT n.first_name, r.pax_id AS referrer_id, r.first_name AS referrer_first_name
       FROM participants n JOIN participants r ON r.pax_id = n.referred_by
      WHERE n.pax_id = $1 AND NOT r.is_admin`,
    [paxId],
  );
  const row = r.rows[0];
  return row && { newFirstName: row.first_name, referrerId: Number(row.referrer_id), referrerFirstName: row.referrer_first_name };
}

const noFold = { initialState: null, evolve: (s: null) => s };

/**
 * A process on the projection runner (its own checkpoint, like the certificate reconciler): when a referred member's
 * first treatment is completed, it rewards the referrer and the new member with REFERRAL points. Each award is keyed
 * `referral-{newPaxId}` on its member stream and decided at that stream's expected revision, so a replay, a crash
 * between the two awards, or a second server following the same log, credits each person exactly once.
 * It owns no tables and is never rebuilt.
 */
export const referralRewards = (deps: RewardDeps): Projection<EventOfType<'TreatmentPointsComputed'>> => ({
  name: 'referral-rewards',
  consumes: consuming<EventOfType<'TreatmentPointsComputed'>>()('TreatmentPointsComputed'),
  tables: [],
  liveKinds: [],
  async apply(db, e) {
    const done = completedTreatment(e.event);
    if (!done) return;
    const referral = await rewardableReferral(db, done.paxId);
    if (!referral) return;
    const { history } = await loadStream<null, MemberEvent>(deps.store, noFold, memberStream(done.paxId));
    if (firstCompletedTreatment(history.map((h) => h.event)) !== done.treatmentId) return;
    const now = deps.now();
    const ctx: CommandContext = { actor: ACTOR, correlationId: e.metadata.correlationId, causationId: e.eventId, now };
    const expirationDate = addMonths(dateIn(deps.settings.timeZone, now), deps.settings.pointsExpiryMonths);
    const award = (paxId: number, side: 'referrer' | 'referred', amount: number, description: string) =>
      handleCommand(
        deps.store,
        awardReferral,
        memberStream(paxId),
        { paxId, lotId: referralLotId(done.paxId, side), amount, description, expirationDate, idempotencyKey: referralKey(done.paxId) },
        ctx,
      );
    // An erased member gets nothing more (their stream takes no award): the other side is still rewarded.
    await award(
      referral.referrerId,
      'referrer',
      deps.settings.referrerRewardPoints,
      `Referral reward: ${referral.newFirstName} completed a first treatment`,
    ).catch(skipErased);
    await award(done.paxId, 'referred', deps.settings.referredRewardPoints, `Referral reward: welcome from ${referral.referrerFirstName}`).catch(skipErased);
  },
});

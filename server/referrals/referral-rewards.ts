import type pg from 'pg';
import { memberStream, REFERRED_DESCRIPTION, REFERRER_DESCRIPTION, type Actor, type EventOfType, type MemberEvent } from '../../event-schemas';
import { consuming, type Projection } from '../../projections/projection';
import { addMonths, dateIn } from '../../event-schemas/calendar';
import { handleCommand, loadStream, type CommandContext } from '../core/command-handler';
import { skipErased } from '../core/erased-streams';
import type { Deps } from '../deps';
import { awardReferral, referralKey, referralLotId } from './award-referral';
import { completedTreatment, firstCompletedTreatment } from './first-treatment';

const ACTOR: Actor = { kind: 'system', job: 'referral-rewards' };
type RewardDeps = Pick<Deps, 'store' | 'settings' | 'now'>;

// The wording lives with the event's codec, which reads older referral awards as it (event-schemas/points-awarded.ts).
export { REFERRED_DESCRIPTION, REFERRER_DESCRIPTION };

interface Referral {
  referrerId: number;
}

/** The referral behind a member, if it still earns rewards: the referrer's account exists and is not staff. */
async function rewardableReferral(db: pg.PoolClient, paxId: number): Promise<Referral | undefined> {
  const r = await db.query<{ referrer_id: string }>(
    `SELECT r.pax_id AS referrer_id FROM participants n JOIN participants r ON r.pax_id = n.referred_by
      WHERE n.pax_id = $1 AND NOT r.is_admin`,
    [paxId],
  );
  const row = r.rows[0];
  return row && { referrerId: Number(row.referrer_id) };
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
    // An erased member gets nothing more (their stream takes no award): the other side is still rewarded. Neither
    // description names the other person: it is kept in this member's record (sealed with their key), so erasing the
    // friend could not take their name out of it (issue 25).
    await award(referral.referrerId, 'referrer', deps.settings.referrerRewardPoints, REFERRER_DESCRIPTION).catch(skipErased);
    await award(done.paxId, 'referred', deps.settings.referredRewardPoints, REFERRED_DESCRIPTION).catch(skipErased);
  },
});

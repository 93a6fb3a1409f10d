import { addDays } from '../../../event-schemas/calendar';
import { REDEEM_TIERS } from '../../../event-schemas/contract/redeem-tiers';
import { redeemPoints, spendableBalance } from '../../points/redeem-points';
import type { HistoryContext } from './history-context';
import { dateOf } from './instants';

/** After points land, a member may come back within a month to spend them on a reward certificate. */
export function considerRedeeming(h: HistoryContext, from: string): void {
  if (!h.random.chance(0.45)) return;
  const date = addDays(from, h.random.int(1, 30));
  h.agenda.add(h.during(date), (at) => redeem(h, dateOf(at), at));
}

/** A redemption of the largest tier the member can afford (most often) or another they can, and its certificate. */
function redeem(h: HistoryContext, today: string, at: string): void {
  const { random, ledger, paxId, self } = h;
  const balance = spendableBalance(ledger.member, today);
  const tiers = REDEEM_TIERS.filter((t) => t <= balance);
  if (!tiers.length) return;
  const amount = random.chance(0.6) ? tiers[tiers.length - 1] : random.pick(tiers);
  const certificateId = ledger.newId();
  const code = ledger.nextCode();
  const decided = redeemPoints.decide({ paxId, amount, today, certificateId, certificateCode: code, divisor: h.c.settings.redemptionDivisor }, ledger.member);
  if (decided._tag === 'Left') return;
  const correlationId = ledger.appendMember(decided.right, self, at)!;
  const redeemed = decided.right[0];
  if (redeemed.type !== 'PointsRedeemed') return;
  ledger.issue(
    {
      certificateId,
      code,
      paxId,
      amount: redeemed.data.value,
      pointsCost: amount,
      name: `$${redeemed.data.value} Reward Certificate`,
      certificateCategoryType: null,
      displayCategory: 'reward',
      status: 'ACTIVE',
      issuedAt: at,
      expirationDate: redeemed.data.expirationDate,
    },
    self,
    at,
    { correlationId, causationId: correlationId },
  );
}

import type pg from 'pg';
import { activePromotionsOn, type PromotionRecord } from '../../projections/promotion-tiles/promotions-query';
import { groupsContaining, participantFacts } from '../groups/group-repository';

/** No groups means every member; otherwise membership of any one of them (deleted groups hold nobody). */
export const targets = (p: Pick<PromotionRecord, 'groupIds'>, memberGroups: ReadonlySet<number>): boolean =>
  p.groupIds.length === 0 || p.groupIds.some((g) => memberGroups.has(g));

/** ACTIVE and inside its window on `today`, a programme date (both ends included). */
export const isOpenOn = (p: Pick<PromotionRecord, 'status' | 'fromDate' | 'thruDate'>, today: string): boolean =>
  p.status === 'ACTIVE' && p.fromDate <= today && today <= p.thruDate;

// The member's facts and groups are only read when some promotion is aimed at a group.
async function memberGroupsAmong(pool: pg.Pool, paxId: number, groupIds: number[], today: string): Promise<Set<number>> {
  if (groupIds.length === 0) return new Set();
  const facts = await participantFacts(pool, paxId, today);
  return facts ? groupsContaining(pool, groupIds, facts) : new Set();
}

/** The promotions a member sees on `today`: open, and aimed at them. */
export async function promotionsShownTo(pool: pg.Pool, paxId: number, today: string): Promise<PromotionRecord[]> {
  const open = await activePromotionsOn(pool, today);
  const memberGroups = await memberGroupsAmong(pool, paxId, [...new Set(open.flatMap((p) => p.groupIds))], today);
  return open.filter((p) => targets(p, memberGroups));
}

/** The same rule for one promotion, so a member cannot read the website of a promotion no tile offers them. */
export async function isShownTo(pool: pg.Pool, paxId: number, today: string, p: PromotionRecord): Promise<boolean> {
  return isOpenOn(p, today) && targets(p, await memberGroupsAmong(pool, paxId, p.groupIds, today));
}

/**
 * The rewards a member may redeem points for (CONTRACT.md: 100 to 1000 in steps of 100). Written once: the server's
 * decider and request codec and the client's redeem dialog all import it. To change the tiers, change this file.
 */
export const REDEEM_TIERS = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000] as const;
export type RedeemTier = (typeof REDEEM_TIERS)[number];

export const SMALLEST_REDEEM_TIER: RedeemTier = REDEEM_TIERS[0];
export const LARGEST_REDEEM_TIER: RedeemTier = REDEEM_TIERS[REDEEM_TIERS.length - 1];

/** The rule in words, as a 400 names it. */
export const REDEEM_TIER_RULE = `must be ${SMALLEST_REDEEM_TIER} to ${LARGEST_REDEEM_TIER} in steps of ${REDEEM_TIERS[1] - REDEEM_TIERS[0]}`;

export const isRedeemTier = (n: number): n is RedeemTier => (REDEEM_TIERS as readonly number[]).includes(n);

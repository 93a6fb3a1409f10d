// Refer a friend (GET /participants/{paxId}/referrals), declared once: the referral route builds it and the refer-a-
// friend page reads it.

export interface ReferredFriend {
  firstName: string;
  enrolledAt: string;
  /** True once the friend's first treatment earned the referrer a reward. */
  rewarded: boolean;
}

export interface Referrals {
  refCode: string | null;
  link: string | null;
  referred: ReferredFriend[];
}

import { useEffect, useState } from 'react';
import { formatDate } from '../../../lib/format';
import { fetchReferrals, type ReferredFriend } from '../api/referrals-api';

/** The friends who joined through the member's link; a failed read just leaves the list out (the link still works). */
export function ReferredFriends({ paxId }: { paxId: number }) {
  const [friends, setFriends] = useState<ReferredFriend[] | null>(null);
  useEffect(() => {
    let current = true;
    fetchReferrals(paxId).then(
      (r) => current && setFriends(r.referred),
      () => current && setFriends(null),
    );
    return () => {
      current = false;
    };
  }, [paxId]);
  if (!friends) return null;
  return (
    <section className="refer__friends" aria-labelledby="refer-friends-title">
      <h2 id="refer-friends-title">Friends who joined</h2>
      {friends.length === 0 ? (
        <p>No friends have joined through your link yet.</p>
      ) : (
        <ul data-testid="referred-friends">
          {friends.map((f, i) => (
            <li key={`${f.enrolledAt}-${i}`}>
              {f.firstName}, joined {formatDate(f.enrolledAt)}: {f.rewarded ? 'reward earned' : 'reward after their first treatment'}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

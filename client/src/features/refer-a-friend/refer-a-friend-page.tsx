import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { Link } from 'wouter';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/routes';
import { useSession } from '../../session/session-provider';
import { notify } from '../../stores/dialogs';
import { $participant } from '../../stores/participant';
import { ReferredFriends } from './components/referred-friends';

/** The friend lands on Join Now (what membership gives); its enrollment link carries the refCode on. */
export const referralLink = (origin: string, refCode: string) => `${origin}${paths.joinNow}?refCode=${encodeURIComponent(refCode)}`;

/**
 * A shared content page (the spec's route table), so a signed-out visitor gets it too: what a referral gives, and how
 * to get a personal link (join, or sign in), instead of being sent to the sign-in page.
 */
function AboutReferrals() {
  return (
    <section className="refer" aria-labelledby="refer-title">
      <h1 id="refer-title">Refer a Friend</h1>
      <p>Members share a personal link. When a friend enrolls through it, both earn a reward after the friend’s first treatment.</p>
      <p>
        <Link href={paths.joinNow}>Join now</Link> (membership is free) or <Link href={paths.login}>sign in</Link> to get your personal link.
      </p>
    </section>
  );
}

export default function ReferAFriendPage() {
  const { status } = useSession();
  if (status === 'loading') return <PageLoader label="Checking your session" />;
  if (status !== 'authenticated') return <AboutReferrals />;
  return <MemberReferrals />;
}

function MemberReferrals() {
  const participant = useUnit($participant);
  const refCode = typeof participant?.refCode === 'string' ? participant.refCode : null;
  const link = refCode ? referralLink(window.location.origin, refCode) : null;
  return (
    <section className="refer" aria-labelledby="refer-title">
      <h1 id="refer-title">Refer a Friend</h1>
      <p>Share your personal link. When a friend enrolls through it, you both earn a reward after their first treatment.</p>
      {link ? (
        <div className="refer__link">
          <label htmlFor="refer-link">Your personal link</label>
          <input id="refer-link" className="p-inputtext" readOnly value={link} data-testid="referral-link" onFocus={(e) => e.target.select()} />
          <Button
            label="COPY LINK"
            onClick={() => {
              const copied = navigator.clipboard ? navigator.clipboard.writeText(link) : Promise.reject(new Error('no clipboard'));
              copied.then(
                () => notify({ severity: 'success', message: 'Your personal link was copied. Share it with a friend.' }),
                () => notify({ severity: 'error', message: 'The link could not be copied. Select it in the box above and copy it yourself.' }),
              );
            }}
          />
        </div>
      ) : (
        <p>Loading your link…</p>
      )}
      {participant ? <ReferredFriends paxId={participant.paxId} /> : null}
    </section>
  );
}

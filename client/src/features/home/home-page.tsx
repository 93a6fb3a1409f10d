import { useUnit } from 'effector-react';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'wouter';
import { AccountPanel } from '../../components/account-panel';
import { paths } from '../../config/routes';
import { formatPoints } from '../../lib/format';
import { enrolledHere, welcomeFor } from '../../lib/new-member';
import { useSession } from '../../session/session-provider';
import { banner } from '../../stores/content';
import { $participant } from '../../stores/participant';
import { $points } from '../../stores/points';
import { outcomeOf } from './offer-claim.machine';

const OfferClaimDialog = lazy(() => import('./components/offer-claim-dialog'));

function ContentBanner() {
  const { contents } = useUnit(banner.$state);
  useEffect(() => banner.requested(), []);
  if (!contents) return <div className="content-banner content-banner--empty" />;
  return (
    <div className="content-banner" style={{ background: contents.backgroundColor, color: contents.textColor }} data-testid="content-banner">
      {contents.iconSvgPath && (
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d={contents.iconSvgPath} fill={contents.iconColor ?? 'currentColor'} />
        </svg>
      )}
      <span>{contents.bannerText}</span>
      {contents.link && contents.link.startsWith('/') && (
        <Link href={contents.link} style={{ color: contents.textColor }}>
          {contents.linkText ?? 'Learn more'}
        </Link>
      )}
    </div>
  );
}

export default function HomePage() {
  const { pax, events } = useSession();
  const [participant, points] = useUnit([$participant, $points]);
  const member = participant ?? pax;
  const hasClaim = events.some((e) => outcomeOf(e.code) !== null);
  return (
    <section className="home-page" aria-labelledby="home-title">
      <ContentBanner />
      <h1 id="home-title">{welcomeFor(member, enrolledHere(member?.paxId))}</h1>
      <div className="home-page__grid">
        <div className="points-card" aria-live="polite">
          <span className="points-card__label">Your points</span>
          <span className="points-card__balance" data-testid="points-balance" aria-busy={points === null}>
            {points === null ? '…' : formatPoints(points.balance)}
          </span>
          {/* The pending line keeps its height when empty, so a live update shifts nothing. */}
          <span className="points-card__pending" data-testid={points && points.pending > 0 ? 'points-pending' : undefined}>
            {points !== null && points.pending > 0 ? `${formatPoints(points.pending)} points pending` : '\u00a0'}
          </span>
          <Link href={paths.wallet}>See your points and rewards</Link>
        </div>
        <AccountPanel />
      </div>
      <ul className="tiles">
        <li className="tile">
          <h2>Earn</h2>
          <Link href={paths.earn}>Ways to earn points</Link>
        </li>
        <li className="tile">
          <h2>Activity</h2>
          <Link href={paths.activitySummary}>See your activity</Link>
        </li>
        <li className="tile">
          <h2>Specialists</h2>
          <Link href={paths.findSpecialist}>Find a specialist near you</Link>
        </li>
      </ul>
      {hasClaim && (
        <Suspense fallback={null}>
          <OfferClaimDialog />
        </Suspense>
      )}
    </section>
  );
}

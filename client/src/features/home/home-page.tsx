import { useUnit } from 'effector-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { AccountPanel } from '../../components/account-panel';
import { paths } from '../../config/routes';
import { formatDate, formatDollars, formatPoints } from '../../lib/format';
import { enrolledHere, welcomeFor } from '../../lib/new-member';
import { useSession } from '../../session/session-provider';
import { banner } from '../../stores/content';
import { $participant } from '../../stores/participant';
import { $points } from '../../stores/points';
import { $openSurveyCount } from '../../stores/open-surveys';
import { $certificates, certificatesRequested } from '../../stores/certificates';
import { outcomeOf } from './offer-claim.machine';

const OfferClaimDialog = lazy(() => import('./components/offer-claim-dialog'));

/** Whether a banner's link is a promise of a survey: it goes to the survey list or a survey. */
const promisesSurvey = (link: string | undefined) => Boolean(link && (link === paths.surveys || link.startsWith('/take-survey/')));

function ContentBanner() {
  const [{ contents, isLoaded }, openSurveys] = useUnit([banner.$state, $openSurveyCount]);
  useEffect(() => banner.requested(), []);
  // While it is not yet known whether a banner shows, its place is kept, so one arriving pushes nothing down. Once it
  // is known that none shows, the place goes: it was an empty band of about 80 px above "Welcome back" for every
  // member without a banner (issue 54, item 16). A banner promising a survey led to "no surveys for you right now":
  // it shows only while one is open.
  const surveyUnknown = contents !== null && promisesSurvey(contents.link) && openSurveys === null;
  if (!isLoaded || surveyUnknown) return <div className="content-banner content-banner--empty" data-testid="banner-place" />;
  if (!contents || (promisesSurvey(contents.link) && !openSurveys)) return null;
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

/**
 * A member with nothing yet (no points, nothing pending) is told what they have and what to do next, instead of a
 * zero and a blank line: the welcome certificate waiting in the wallet, and the steps that earn points.
 */
function GettingStarted() {
  const [points, certificates] = useUnit([$points, $certificates]);
  const fresh = points !== null && points.balance === 0 && points.pending === 0;
  // Once shown, it stays for this visit: the first points arriving live would otherwise pull it out from under the
  // reader and shift everything below it up (the shell's layout-shift check caught exactly that).
  const [shown, setShown] = useState(false);
  if (fresh && !shown) setShown(true);
  useEffect(() => {
    if (fresh) certificatesRequested();
  }, [fresh]);
  if (!fresh && !shown) return null;
  const welcome = (certificates ?? []).find((c) => c.displayCategory === 'welcome' && c.status === 'ACTIVE' && !c.usedOn);
  return (
    <section className="getting-started tile" aria-labelledby="getting-started-title" data-testid="getting-started">
      <h2 id="getting-started-title">Get started</h2>
      {welcome && (
        <p>
          Your {formatDollars(welcome.amount)} {welcome.name} is in your <Link href={paths.wallet}>wallet</Link>: give its code <strong>{welcome.code}</strong>{' '}
          at your specialist’s office to take {formatDollars(welcome.amount)} off a treatment before {formatDate(welcome.expirationDate)}.
        </p>
      )}
      <ol>
        <li>
          <Link href={paths.findSpecialist}>Find a specialist</Link> near you and book a treatment.
        </li>
        <li>Your practice reports the treatment: its points show as pending, and land in your balance the next night.</li>
        <li>
          Earn more meanwhile: <Link href={paths.earn}>see the ways to earn</Link> or <Link href={paths.referAFriend}>refer a friend</Link>.
        </li>
      </ol>
    </section>
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
      <GettingStarted />
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

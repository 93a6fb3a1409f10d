import { useUnit } from 'effector-react';
import { MemberCodeCard } from './components/member-code-card';
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { Link, useRoute } from 'wouter';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/routes';
import { loadClientConfig } from '../../lib/client-config';
import { formatDate, formatDollars, formatPoints } from '../../lib/format';
import { useSession } from '../../session/session-provider';
import { $certificates, $certificatesError, certificatesRequested, isUnclaimedGift, isUsed, type CertificateItem } from '../../stores/certificates';
import { sentGiftStatus, useGiftsSent } from './components/gifts-sent';
import { $points, expiringListShown } from '../../stores/points';
import { BonusPoints } from './components/bonus-points';
import { artFor, type WalletArt } from './certificate-art';
import { isEditable } from './certificate-edit';
import { CertificateStatusEditor } from './components/certificate-status-editor';
import { CertificateHistoryList } from './components/certificate-history-list';
import { RedeemDialog } from './components/redeem-dialog';
import { useCertificateArt } from './components/use-certificate-art';
import { SMALLEST_REDEEM_TIER } from '../../../../event-schemas/contract/redeem-tiers';
import { programmeToday } from '../../lib/programme-calendar';

const displayStatus = (c: CertificateItem) => c.displayStatus ?? (c.status === 'REFUND' || c.status === 'CHARGEBACK' ? 'VOIDED' : c.status);

function CertificateList({ items, empty, art, editable }: { items: CertificateItem[]; empty: string; art: WalletArt; editable: boolean }) {
  if (!items.length) return <p>{empty}</p>;
  return (
    <ul className="certificate-list" data-testid="certificates">
      {items.map((c) => {
        const shown = artFor(c, art);
        // Named only once the chosen design itself has been read, never the default standing in for it.
        const design = c.cardArtId ? art.byId[c.cardArtId] : undefined;
        return (
          <li
            key={c.id}
            className={c.sentGift ? 'certificate certificate--sent' : 'certificate'}
            data-testid="certificate"
            style={shown ? { background: shown.background, color: shown.foreground } : undefined}
          >
            <span className="certificate__amount">{formatDollars(c.amount)}</span>
            <span className="certificate__name">{c.name}</span>
            <span>
              Code <strong>{c.code}</strong>
            </span>
            <span data-testid="certificate-status">
              {c.usedOn ? `USED on ${formatDate(c.usedOn)}` : `${displayStatus(c)} · expires ${formatDate(c.expirationDate)}`}
            </span>
            {c.status === 'ACTIVE' && !c.usedOn && c.activationDate && c.activationDate > programmeToday() && (
              <span data-testid="certificate-activation">Usable from {formatDate(c.activationDate)}</span>
            )}
            {design && <span data-testid="certificate-design">Design: {design.title}</span>}
            {c.sentGift ? (
              <span data-testid="gift-sent-status">{sentGiftStatus(c)}</span>
            ) : (
              c.gift?.claimed && <span>Gift from {c.gift.senderName ?? 'a friend'}</span>
            )}
            {editable && !c.sentGift && !c.usedOn && isEditable(c.status) && <CertificateStatusEditor certificate={c} />}
          </li>
        );
      })}
    </ul>
  );
}

export default function WalletPage() {
  const { pax, impersonated } = useSession();
  const [rewardsOnly] = useRoute(paths.walletRewards);
  const [history] = useRoute(paths.walletHistory);
  const [points, certificates, certificatesFailed] = useUnit([$points, $certificates, $certificatesError]);
  const [divisor, setDivisor] = useState(10);
  const [redeemOpen, setRedeemOpen] = useState(false);
  const art = useCertificateArt(certificates);
  // While the wallet shows the expiring list, a live award reads it again: the new lot may expire first.
  useEffect(() => {
    expiringListShown(true);
    return () => {
      expiringListShown(false);
    };
  }, []);
  useEffect(() => {
    certificatesRequested();
    loadClientConfig()
      .then((c) => setDivisor(c.redemptionDivisor))
      .catch(() => undefined);
  }, []);
  // A gift the member bought stays theirs until its recipient claims it, but it is never theirs to use: it is listed
  // as sent, with where it stands (claimed or not, and its status), after the member's own certificates.
  const sent = useGiftsSent(pax?.paxId, certificates);
  // An impersonating admin also sees the member's expired certificates: they may be given a new date or status.
  const shownStatuses = impersonated ? ['ACTIVE', 'EXPIRED'] : ['ACTIVE'];
  const own = (certificates ?? []).filter((c) => shownStatuses.includes(c.status) && !isUnclaimedGift(c));
  // Usable certificates first; one a treatment used stays listed, as used on the treatment's date, after them. Gifts
  // sent to friends are not the member's to use: they get a list of their own below.
  const active = [...own.filter((c) => !isUsed(c)), ...own.filter(isUsed)];
  const rewards = active.filter((c) => c.certificateCategoryType !== 'PURCHASABLE');
  return (
    <section className="wallet" aria-labelledby="wallet-title">
      <h1 id="wallet-title">{rewardsOnly ? 'My Rewards' : history ? 'Certificate History' : 'Wallet'}</h1>
      <nav className="sub-nav" aria-label="Wallet">
        <Link href={paths.wallet} className={(a) => (a ? 'sub-nav__link sub-nav__link--active' : 'sub-nav__link')}>
          Summary
        </Link>
        <Link href={paths.walletRewards} className={(a) => (a ? 'sub-nav__link sub-nav__link--active' : 'sub-nav__link')}>
          Rewards
        </Link>
        <Link href={paths.walletHistory} className={(a) => (a ? 'sub-nav__link sub-nav__link--active' : 'sub-nav__link')}>
          History
        </Link>
      </nav>
      <div className="wallet__summary">
        <div className="points-card" aria-live="polite">
          <span className="points-card__label">Available points</span>
          <span className="points-card__balance" data-testid="wallet-balance">
            {points === null ? '…' : formatPoints(points.balance)}
          </span>
          <span className="points-card__pending">{points && points.pending > 0 ? `${formatPoints(points.pending)} points pending` : '\u00a0'}</span>
          <Button label="REDEEM" onClick={() => setRedeemOpen(true)} disabled={!points || points.balance < SMALLEST_REDEEM_TIER} />
          {points && points.balance < 0 && (
            <p className="points-card__owed" role="note">
              Your balance is below zero: a treatment was voided after its points were spent. The points you earn next pay that back first.
            </p>
          )}
        </div>
        <div className="wallet__expiring">
          <h2>Expiring points</h2>
          {points && points.expiring.length ? (
            <ul data-testid="expiring-points">
              {points.expiring.map((e) => (
                <li key={e.expirationDate}>
                  {formatPoints(e.amount)} points expire {formatDate(e.expirationDate)}
                </li>
              ))}
            </ul>
          ) : (
            <p>No points are expiring soon.</p>
          )}
        </div>
      </div>
      {!rewardsOnly && !history && <MemberCodeCard />}
      <h2>{rewardsOnly ? 'Reward certificates' : history ? 'Used, expired and voided certificates' : 'Certificates'}</h2>
      {certificatesFailed && <p role="alert">Your certificates could not be loaded. Please try again later.</p>}
      {history ? (
        certificates === null ? (
          !certificatesFailed && <PageLoader label="Loading certificates" />
        ) : (
          <CertificateHistoryList certificates={certificates} />
        )
      ) : (certificates === null || (sent === null && !rewardsOnly)) && !certificatesFailed ? (
        <PageLoader label="Loading certificates" />
      ) : (
        <>
          <CertificateList items={rewardsOnly ? rewards : active} art={art} editable={impersonated} empty="You have no active certificates yet." />
          {!rewardsOnly && sent && sent.length > 0 && (
            <section aria-labelledby="gifts-sent-title" data-testid="gifts-sent">
              <h2 id="gifts-sent-title">Gifts you sent</h2>
              <CertificateList items={sent} art={art} editable={false} empty="" />
            </section>
          )}
        </>
      )}
      {rewardsOnly && pax && <BonusPoints paxId={pax.paxId} />}
      {pax && <RedeemDialog open={redeemOpen} paxId={pax.paxId} points={points?.balance ?? 0} divisor={divisor} onClose={() => setRedeemOpen(false)} />}
    </section>
  );
}

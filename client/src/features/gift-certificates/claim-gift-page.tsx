import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { paths } from '../../config/routes';
import { api } from '../../lib/api';
import { certificateTitle } from '../../lib/format';
import { inWords } from '../../lib/in-words';
import { isApiError } from '../../lib/problem';
import { rememberReturnTo } from '../../lib/return-to';
import { useSession } from '../../session/session-provider';
import { certificatesRequested, type CertificateItem } from '../../stores/certificates';
import type { GiftCodeCheck } from '../../../../event-schemas/contract/gift-claim';
import { PageLoader } from '../../components/page-loader';

/** What the page knows of the code before offering the claim: being checked, its standing, unknown, or unreadable. */
type Checked = { kind: 'checking' } | { kind: 'known'; check: GiftCodeCheck } | { kind: 'unknown'; words: string } | { kind: 'failed' };

/** The code's standing in words; only a claimable gift is offered CLAIM THIS GIFT (issue 54, item 14). */
const standingWords = (c: GiftCodeCheck): string => {
  switch (c.standing) {
    case 'CLAIMABLE':
      return `${c.sender} sent you a ${c.title}. Claim it to keep it in your wallet: once claimed, it is yours alone.`;
    case 'CLAIMED_BY_YOU':
      return `You have already claimed this ${c.title} from ${c.sender}: it is in your wallet.`;
    case 'ALREADY_CLAIMED':
      return 'This gift has already been claimed.';
    case 'SENT_BY_YOU':
      return `You sent this ${c.title}: its recipient claims it with the code from their e-mail.`;
    case 'NOT_ACTIVE':
      return `This ${c.title} from ${c.sender} can no longer be claimed.`;
  }
};

/** Checks the code as soon as a signed-in member opens the page. */
function useGiftCodeCheck(code: string, signedIn: boolean): Checked {
  const [checked, setChecked] = useState<Checked>({ kind: 'checking' });
  useEffect(() => {
    if (!signedIn || !code) return;
    let current = true;
    setChecked({ kind: 'checking' });
    api.get<GiftCodeCheck>('/api/rest/gift-certificates/claim', { query: { code }, quiet: true }).then(
      (check) => current && setChecked({ kind: 'known', check }),
      (e: unknown) =>
        current &&
        setChecked(
          isApiError(e, 404)
            ? { kind: 'unknown', words: inWords(e.problem, 'No gift certificate has this code.', { code: 'This gift code' }) }
            : { kind: 'failed' },
        ),
    );
    return () => {
      current = false;
    };
  }, [code, signedIn]);
  return checked;
}

/** The page behind the link in a gift e-mail: the signed-in recipient claims the certificate into their wallet. */
export default function ClaimGiftPage() {
  const search = useSearch();
  const code = new URLSearchParams(search).get('code') ?? '';
  const { status } = useSession();
  const signedOut = status === 'unauthenticated';
  const checked = useGiftCodeCheck(code, status === 'authenticated');
  useEffect(() => {
    // Signing in or joining from here comes back here, code and all.
    if (signedOut) rememberReturnTo(`/gift-certificates/claim?${search}`);
  }, [signedOut, search]);
  const [busy, setBusy] = useState(false);
  const [claimed, setClaimed] = useState<CertificateItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const claim = async () => {
    setBusy(true);
    setError(null);
    try {
      setClaimed(await api.post<CertificateItem>('/api/rest/gift-certificates/claim', { code }, { quiet: true }));
      certificatesRequested();
    } catch (e) {
      setError(
        isApiError(e)
          ? inWords(e.problem, 'The gift could not be claimed. Please try again.', { code: 'This gift code' })
          : 'The gift could not be claimed. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="confirm-treatment" aria-labelledby="claim-gift-title">
      <h1 id="claim-gift-title">Claim your gift certificate</h1>
      {signedOut ? (
        <>
          <p>
            Someone sent you a gift certificate with the code <strong>{code}</strong>. Sign in, or join for free, to claim it into your wallet.
          </p>
          <p className="claim-gift__actions">
            <Link href={paths.login}>Sign in</Link> · <Link href={paths.enrollment}>Join now</Link>
          </p>
        </>
      ) : claimed ? (
        <>
          <Message severity="success" role="status" text={`The ${certificateTitle(claimed.amount, claimed.name)} is now in your wallet.`} />
          <p>
            <Link href={paths.wallet}>Open your wallet</Link>
          </p>
        </>
      ) : !code ? (
        <p role="alert">This link carries no gift code. Open the link in your gift e-mail again.</p>
      ) : checked.kind === 'checking' ? (
        <PageLoader label="Checking the gift code" />
      ) : checked.kind === 'unknown' ? (
        <p role="alert" className="field__error">
          {checked.words}
        </p>
      ) : checked.kind === 'failed' ? (
        <p role="alert">The gift code could not be checked. Please try again.</p>
      ) : (
        <>
          <p data-testid="gift-standing">
            {standingWords(checked.check)} The code is <strong>{code}</strong>.
          </p>
          {checked.check.standing === 'CLAIMABLE' && <Button label="CLAIM THIS GIFT" onClick={() => void claim()} loading={busy} disabled={busy} />}
          {checked.check.standing === 'CLAIMED_BY_YOU' && (
            <p>
              <Link href={paths.wallet}>Open your wallet</Link>
            </p>
          )}
          {error && (
            <p role="alert" className="field__error">
              {error}
            </p>
          )}
        </>
      )}
    </section>
  );
}

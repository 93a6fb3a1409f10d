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

/** The page behind the link in a gift e-mail: the signed-in recipient claims the certificate into their wallet. */
export default function ClaimGiftPage() {
  const search = useSearch();
  const code = new URLSearchParams(search).get('code') ?? '';
  const { status } = useSession();
  const signedOut = status === 'unauthenticated';
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
      ) : (
        <>
          <p>
            Someone sent you a gift certificate with the code <strong>{code}</strong>. Claim it to keep it in your wallet: once claimed, it is yours alone.
          </p>
          <Button label="CLAIM THIS GIFT" onClick={() => void claim()} loading={busy} disabled={busy || !code} />
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

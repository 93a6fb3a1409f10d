import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { paths } from '../../config/routes';
import { inWords } from '../../lib/in-words';
import { isApiError } from '../../lib/problem';
import { contactsApi } from './api/contacts-api';

type Outcome = { kind: 'confirming' } | { kind: 'added'; emailAddress: string } | { kind: 'refused'; title: string; text: string };

const INCOMPLETE =
  'It may be incomplete, already used or replaced by a newer one. Open the link from your most recent e-mail, or add the address again from your profile.';

/** The page behind the link sent to a new e-mail address: following it adds the address (no sign-in needed). */
export default function ConfirmEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'confirming' });
  useEffect(() => {
    let current = true;
    if (!token) {
      setOutcome({ kind: 'refused', title: 'This link does not work', text: INCOMPLETE });
      return;
    }
    contactsApi.confirmEmail(token).then(
      ({ emailAddress }) => current && setOutcome({ kind: 'added', emailAddress }),
      (e: unknown) => {
        if (!current) return;
        if (isApiError(e, 410))
          setOutcome({ kind: 'refused', title: 'This link has expired', text: 'Add the address again from your profile to get a new link.' });
        else if (isApiError(e, 400)) setOutcome({ kind: 'refused', title: 'This link does not work', text: INCOMPLETE });
        else
          setOutcome({
            kind: 'refused',
            title: 'This link does not work',
            text: isApiError(e) ? inWords(e.problem, 'Please try again.') : 'Please try again.',
          });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);
  return (
    <section className="confirm-treatment" aria-labelledby="confirm-email-title">
      <h1 id="confirm-email-title">Confirm your e-mail address</h1>
      {outcome.kind === 'confirming' && <p aria-busy="true">Confirming…</p>}
      {outcome.kind === 'added' && (
        <Message
          severity="success"
          role="status"
          text={`${outcome.emailAddress} is now on your profile. To sign in with it, make it your preferred address there.`}
        />
      )}
      {outcome.kind === 'refused' && (
        <div role="alert">
          <h2>{outcome.title}</h2>
          <p>{outcome.text}</p>
        </div>
      )}
      <p>
        <Link href={paths.profile}>Go to your profile</Link>
      </p>
    </section>
  );
}

import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { paths } from '../../config/routes';
import { isApiError, problemMessage } from '../../lib/problem';
import { messagePreferencesApi } from './api/message-preferences-api';

type State = { kind: 'loading' } | { kind: 'subscribed' } | { kind: 'unsubscribed'; justNow: boolean } | { kind: 'refused'; text: string };

/**
 * The page an e-mail's unsubscribe link opens, with no sign-in. It asks before it acts: mail scanners open links
 * to check them, and a link that unsubscribed on opening would unsubscribe members who never clicked it.
 */
export default function UnsubscribePage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  const refused = (e: unknown) => setState({ kind: 'refused', text: isApiError(e) ? `${problemMessage(e.problem)}.` : 'Please try again.' });
  useEffect(() => {
    let current = true;
    messagePreferencesApi.unsubscribeStatus(token).then(
      (s) => current && setState(s.emailMarketing ? { kind: 'subscribed' } : { kind: 'unsubscribed', justNow: false }),
      (e: unknown) => current && refused(e),
    );
    return () => {
      current = false;
    };
  }, [token]);
  return (
    <section className="confirm-treatment" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">Unsubscribe from marketing e-mails</h1>
      {state.kind === 'loading' && <p aria-busy="true">Loading…</p>}
      {state.kind === 'subscribed' && (
        <>
          <p>You will no longer receive offers, reminders or survey invitations by e-mail. Messages about your account still come.</p>
          <Button
            label="UNSUBSCRIBE"
            onClick={() => messagePreferencesApi.unsubscribe(token).then(() => setState({ kind: 'unsubscribed', justNow: true }), refused)}
          />
        </>
      )}
      {state.kind === 'unsubscribed' && (
        <Message
          severity="success"
          role="status"
          text={state.justNow ? 'You are unsubscribed from marketing e-mails.' : 'You are already unsubscribed from marketing e-mails.'}
        />
      )}
      {state.kind === 'refused' && (
        <div role="alert">
          <h2>This link does not work</h2>
          <p>{state.text}</p>
        </div>
      )}
      <p>
        You can change this at any time on <Link href={paths.profile}>your profile</Link>.
      </p>
    </section>
  );
}

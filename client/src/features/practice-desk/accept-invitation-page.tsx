import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { useSearch } from 'wouter';
import type { LoginAnswer } from '../../../../event-schemas/contract/session';
import { RedirectAfterSignIn } from '../../components/guards/redirect-after-sign-in';
import { api } from '../../lib/api';
import { isApiError, problemMessage } from '../../lib/problem';
import { useSession } from '../../session/session-provider';

/** The invitation link: choose a password, and be signed in to the practice's screens. */
export default function AcceptInvitationPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const { status, sessionReceived } = useSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (status === 'authenticated') return <RedirectAfterSignIn practice />;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      sessionReceived(await api.post<LoginAnswer>('/api/rest/practice/invitations/accept', { token, password }, { token: null }));
    } catch (e) {
      setError(isApiError(e) ? problemMessage(e.problem) : 'That did not work; try again.');
    }
  };
  return (
    <section className="login-page" aria-labelledby="accept-title">
      <h1 id="accept-title">Join your practice</h1>
      <p>Choose the password you will sign in with.</p>
      <form className="login-form" onSubmit={submit}>
        <label htmlFor="accept-password">Password (at least 10 characters, with a letter and a number)</label>
        <InputText id="accept-password" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        {error && <Message severity="error" text={error} role="alert" />}
        <Button type="submit" label="JOIN" disabled={!token} />
      </form>
    </section>
  );
}

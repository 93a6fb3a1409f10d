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

/**
 * The invitation link: choose a password, and be signed in to the practice's screens. A browser where someone is
 * still signed in (a front desk's shared computer, or the administrator who just sent the invitation) shows the form
 * all the same, naming who joining signs out: sending the invitee to that person's screens left the invitation unused.
 */
export default function AcceptInvitationPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const { status, pax, sessionReceived } = useSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState(false);
  if (status === 'authenticated' && joined) return <RedirectAfterSignIn practice />;
  const signedInAs = status === 'authenticated' && pax ? `${pax.firstName} ${pax.lastName}` : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await api.post<LoginAnswer>('/api/rest/practice/invitations/accept', { token, password }, { token: null });
      // The new session takes the place of the one signed in here, as a sign-in on the login page would.
      setJoined(true);
      sessionReceived(answer);
    } catch (e) {
      setError(isApiError(e) ? problemMessage(e.problem) : 'That did not work; try again.');
    }
  };
  return (
    <section className="login-page" aria-labelledby="accept-title">
      <h1 id="accept-title">Join your practice</h1>
      <p>Choose the password you will sign in with.</p>
      {signedInAs && <Message severity="info" text={`${signedInAs} is signed in on this browser; joining signs them out here.`} />}
      <form className="login-form" onSubmit={submit}>
        <label htmlFor="accept-password">Password (at least 10 characters, with a letter and a number)</label>
        <InputText id="accept-password" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        {error && <Message severity="error" text={error} role="alert" />}
        <Button type="submit" label="JOIN" disabled={!token} />
      </form>
    </section>
  );
}

import { isStrongPassword, PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '../../../../event-schemas/contract/rules';
import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ValidatedInput } from '../../components/validated-input';
import { paths } from '../../config/routes';
import { api } from '../../lib/api';
import { isApiError, problemMessage } from '../../lib/problem';
import { isEmail } from '../../lib/validation';
import { $trackedQuery } from '../../stores/route-query';

function RequestLink() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isEmail(email)) return;
    setBusy(true);
    try {
      await api.post('/api/rest/authenticate/forgot-password', { email: email.trim() });
    } finally {
      setBusy(false);
      setSent(true);
    }
  };
  if (sent) return <Message severity="success" text="If that address belongs to a member, we have sent a link to reset the password." role="status" />;
  return (
    <form className="form-grid" onSubmit={submit} noValidate>
      <ValidatedInput
        id="forgot-email"
        label="E-mail address"
        type="email"
        required
        value={email}
        onValueChange={setEmail}
        check={isEmail}
        errorMessage="Enter a valid e-mail address"
      />
      <Button type="submit" label="SEND RESET LINK" loading={busy} disabled={busy || !isEmail(email)} />
    </form>
  );
}

function ResetPassword({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api.post('/api/rest/authenticate/reset-password', { token, password }, { quiet: true });
      setDone(true);
    } catch (e) {
      setError(isApiError(e) ? problemMessage(e.problem) : 'An unknown error occurred');
    }
  };
  if (done)
    return (
      <p role="status">
        Your password was changed. <Link href={paths.login}>Sign in</Link>
      </p>
    );
  return (
    <form className="form-grid" onSubmit={submit} noValidate>
      <ValidatedInput
        id="reset-password"
        label="New password"
        type="password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        autoComplete="new-password"
        value={password}
        onValueChange={setPassword}
        check={isStrongPassword}
        errorMessage={PASSWORD_HINT}
      />
      {error && <Message severity="error" text={error} role="alert" />}
      <Button type="submit" label="RESET PASSWORD" />
    </form>
  );
}

/** /forgot-password asks for a link; the link comes back here (or to /reset-password) with ?token=. */
export default function ForgotPasswordPage() {
  const { token } = useUnit($trackedQuery);
  return (
    <section className="form-page" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{token ? 'Choose a new password' : 'Forgot password'}</h1>
      {token ? <ResetPassword token={token} /> : <RequestLink />}
    </section>
  );
}

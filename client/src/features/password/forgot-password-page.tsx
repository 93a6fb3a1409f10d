import { isStrongPassword, PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '../../../../event-schemas/contract/rules';
import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ValidatedInput } from '../../components/validated-input';
import { paths } from '../../config/routes';
import { api } from '../../lib/api';
import { fieldRefusals, inWords } from '../../lib/in-words';
import { isApiError } from '../../lib/problem';
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

const LINK_SPENT = 'This link has expired or was already used. Ask for a new one below: it takes a minute.';

/** The new password twice; refusals on the field they concern, and a way to a new link when this one is spent. */
function ResetPassword({ token, onNewLink }: { token: string; onNewLink: () => void }) {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [done, setDone] = useState(false);
  const [refusals, setRefusals] = useState<{ password?: string; again?: string; link?: string; other?: string }>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const mine = {
      password: isStrongPassword(password) ? undefined : `${PASSWORD_HINT}.`,
      again: password === again ? undefined : 'The two passwords are not the same.',
    };
    setRefusals(mine);
    if (mine.password || mine.again) return;
    try {
      await api.post('/api/rest/authenticate/reset-password', { token, password }, { quiet: true });
      setDone(true);
    } catch (e) {
      const problem = isApiError(e) ? e.problem : null;
      const fields = fieldRefusals(problem, { password: 'Your new password' });
      setRefusals({
        password: fields.password,
        link: fields.token ? LINK_SPENT : undefined,
        other: fields.password || fields.token ? undefined : inWords(problem, 'Your password could not be changed. Please try again.'),
      });
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
        onValueChange={(v) => {
          setPassword(v);
          setRefusals((r) => ({ ...r, password: undefined }));
        }}
        check={isStrongPassword}
        errorMessage={`${PASSWORD_HINT}.`}
        refusal={refusals.password}
      />
      <ValidatedInput
        id="reset-password-again"
        label="Confirm new password"
        type="password"
        required
        autoComplete="new-password"
        value={again}
        onValueChange={(v) => {
          setAgain(v);
          setRefusals((r) => ({ ...r, again: undefined }));
        }}
        check={(v) => v === password}
        errorMessage="The two passwords are not the same."
        refusal={refusals.again}
      />
      {refusals.link && <Message severity="error" text={refusals.link} role="alert" />}
      {refusals.other && <Message severity="error" text={refusals.other} role="alert" />}
      <Button type="submit" label="RESET PASSWORD" />
      <Button type="button" label="SEND ME A NEW LINK" link onClick={onNewLink} />
    </form>
  );
}

/** /forgot-password asks for a link; the link comes back here (or to /reset-password) with ?token=. */
export default function ForgotPasswordPage() {
  const { token } = useUnit($trackedQuery);
  // A spent or expired link leads here again: the member asks for a new one without retyping the address bar.
  const [newLink, setNewLink] = useState(false);
  const resetting = Boolean(token) && !newLink;
  return (
    <section className="form-page" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{resetting ? 'Choose a new password' : 'Forgot password'}</h1>
      {resetting ? <ResetPassword token={token!} onNewLink={() => setNewLink(true)} /> : <RequestLink />}
    </section>
  );
}

import { RedirectAfterSignIn } from '../../components/guards/redirect-after-sign-in';
import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/routes';
import { campaignIdOf } from '../../lib/query-params';
import { useSession } from '../../session/session-provider';
import { practiceOf } from '../../session/practice-session';
import { $trackedQuery } from '../../stores/route-query';
import { CampaignCopyPanel } from '../../components/campaign/campaign-copy';

export default function LoginPage() {
  const { status, pax, signingIn, signInError, signIn } = useSession();
  const { utm_id: utmId } = useUnit($trackedQuery);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  if (status === 'authenticated') return <RedirectAfterSignIn practice={practiceOf(pax) !== null} />;
  if (status === 'loading') return <PageLoader label="Checking your session" />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn(username.trim(), password, campaignIdOf(utmId));
  };

  return (
    <section className="login-page" aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      <CampaignCopyPanel contentType="campaignLogin" />
      <form className="login-form" onSubmit={submit}>
        <label htmlFor="login-username">E-mail address</label>
        <InputText
          id="login-username"
          name="username"
          type="email"
          autoComplete="username"
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <label htmlFor="login-password">Password</label>
        <InputText
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {signInError && <Message severity="error" text={signInError} role="alert" className="login-form__error" />}
        <Button type="submit" label="SIGN IN" loading={signingIn} disabled={signingIn} />
      </form>
      <p>
        <Link href={paths.forgotPassword}>Forgot password?</Link>
      </p>
      <p>
        Not a member yet? <Link href={paths.joinNow}>Join now</Link>
      </p>
    </section>
  );
}

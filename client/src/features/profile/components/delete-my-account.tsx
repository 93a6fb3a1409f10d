import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { isApiError, problemMessage } from '../../../lib/problem';
import { useSession } from '../../../session/session-provider';
import { erasureApi } from '../api/erasure-api';

/**
 * The right to delete: the member erases their account, confirming with their password. The server forfeits their
 * points and certificates and removes their personal data; their session ends with it, so the browser signs out
 * without calling the server.
 */
export function DeleteMyAccount({ paxId }: { paxId: number }) {
  const { signOut } = useSession();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setPassword('');
    setError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return setError('Enter your password to confirm');
    setBusy(true);
    setError(null);
    void erasureApi.eraseMyAccount(paxId, password).then(
      () => signOut({ callServer: false }),
      (e: unknown) => {
        setBusy(false);
        setError(
          isApiError(e)
            ? e.problem?.errors?.[0]?.message
              ? `That ${e.problem.errors[0].message}`
              : problemMessage(e.problem)
            : 'Your account could not be deleted. Please try again.',
        );
      },
    );
  };
  return (
    <section aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Delete my account</h2>
      <p>
        Deleting your account removes your name, contacts and history details for good. Your points and any certificates you have not used are forfeited, and
        you are signed out. This cannot be undone.
      </p>
      <Button type="button" label="Delete my account" icon="pi pi-trash" severity="danger" outlined onClick={() => setOpen(true)} />
      <Dialog
        header="Delete your account?"
        visible={open}
        onHide={close}
        style={{ width: 'min(32rem, 95vw)' }}
        footer={
          <>
            <Button type="button" label="Keep my account" outlined onClick={close} />
            <Button type="submit" form="delete-account-form" label="Delete my account permanently" severity="danger" loading={busy} disabled={busy} />
          </>
        }
      >
        <form id="delete-account-form" onSubmit={submit} noValidate>
          <p>Your points and unused certificates will be forfeited and your personal data removed. Enter your password to confirm.</p>
          <div className="field">
            <label htmlFor="delete-account-password">Password</label>
            <InputText
              id="delete-account-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={!!error}
              aria-describedby={error ? 'delete-account-error' : undefined}
              autoFocus
            />
            {error && (
              <small id="delete-account-error" className="field__error" role="alert">
                {error}
              </small>
            )}
          </div>
        </form>
      </Dialog>
      {!open && error && <Message severity="error" text={error} role="alert" />}
    </section>
  );
}

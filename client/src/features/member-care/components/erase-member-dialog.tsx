import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState, type FormEvent } from 'react';
import { isApiError, problemMessage } from '../../../lib/problem';
import { memberCareApi } from '../api/member-care-api';

const MAX_REASON = 500;

/**
 * "Erase member": the confirmation names the member, and staff give the ground for it (a deletion request, a ticket).
 * The reason is kept in the member's history, so it must not name or describe the person.
 */
export function EraseMemberDialog({ paxId, name, onErased }: { paxId: number; name: string; onErased: () => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setReason('');
    setError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') return setError('Give the reason for the erasure (the request or ticket it answers)');
    setBusy(true);
    setError(null);
    void memberCareApi.erase(paxId, reason.trim()).then(
      () => {
        setBusy(false);
        close();
        onErased();
      },
      (e: unknown) => {
        setBusy(false);
        setError(isApiError(e) ? problemMessage(e.problem) : 'The member could not be erased. Please try again.');
      },
    );
  };
  return (
    <>
      <Button type="button" label="Erase member" icon="pi pi-trash" severity="danger" outlined onClick={() => setOpen(true)} />
      <Dialog
        header={`Erase ${name}?`}
        visible={open}
        onHide={close}
        style={{ width: 'min(34rem, 95vw)' }}
        footer={
          <>
            <Button type="button" label="Cancel" outlined onClick={close} />
            <Button type="submit" form="erase-member-form" label={`Erase ${name}`} severity="danger" loading={busy} disabled={busy} />
          </>
        }
      >
        <form id="erase-member-form" onSubmit={submit} noValidate>
          <p>
            This permanently removes the personal data of <strong>{name}</strong> (member #{paxId}): name, contacts, sign-in and the personal details in their
            history. Their points and unused certificates are forfeited and their sessions end. Their ledger stays, shown as an erased member.
          </p>
          <div className="field">
            <label htmlFor="erase-member-reason">Reason</label>
            <InputTextarea
              id="erase-member-reason"
              value={reason}
              maxLength={MAX_REASON}
              rows={3}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={!!error}
              aria-describedby={`erase-member-reason-hint${error ? ' erase-member-reason-error' : ''}`}
              autoFocus
            />
            <small id="erase-member-reason-hint">The request or ticket it answers; do not write anything about the person here.</small>
            {error && (
              <small id="erase-member-reason-error" className="field__error" role="alert">
                {error}
              </small>
            )}
          </div>
        </form>
      </Dialog>
    </>
  );
}

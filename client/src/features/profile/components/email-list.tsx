import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { isEmailAddress } from '../../../../../event-schemas/contract/rules';
import { formatDate } from '../../../lib/format';
import type { Email } from '../../../stores/contacts';
import { confirm } from '../../../stores/dialogs';
import { contactsApi, type PendingEmail } from '../api/contacts-api';
import { useContactChange } from './use-contact-change';

/**
 * The member's e-mail addresses. The preferred one is the address they sign in with. A new address waits for its
 * confirmation link before it can be used; until then it is listed as waiting.
 */
export function EmailList({ paxId, emails }: { paxId: number; emails: Email[] }) {
  const { busy, error, run } = useContactChange(paxId);
  const [pending, setPending] = useState<PendingEmail[]>([]);
  const [added, setAdded] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const readPending = () => contactsApi.pendingEmails(paxId).then(setPending, () => undefined);
  // Read again whenever the confirmed list changes (a confirmation elsewhere moves an address from waiting to added).
  useEffect(() => {
    void contactsApi.pendingEmails(paxId).then(setPending, () => undefined);
  }, [paxId, emails]);
  return (
    <section aria-labelledby="emails-title">
      <h2 id="emails-title">E-mail addresses</h2>
      <ul data-testid="emails" className="contact-list">
        {emails.map((e) => (
          <li key={e.emailAddress}>
            <span>{e.emailAddress}</span> {e.preferred === 'Y' && <span className="badge">Preferred · you sign in with it</span>}
            {e.preferred !== 'Y' && (
              <span className="contact-list__actions">
                <Button
                  label="Make preferred"
                  size="small"
                  text
                  disabled={busy}
                  onClick={() =>
                    confirm({
                      title: 'Sign in with this address?',
                      message: `From now on you sign in with ${e.emailAddress}, and messages go to it.`,
                      yesLabel: 'MAKE PREFERRED',
                      noLabel: 'CANCEL',
                      onYes: () => void run(() => contactsApi.preferEmail(paxId, e.emailAddress)),
                    })
                  }
                />
                <Button
                  label="Remove"
                  size="small"
                  text
                  aria-label={`Remove ${e.emailAddress}`}
                  disabled={busy}
                  onClick={() =>
                    confirm({
                      title: 'Remove this e-mail address?',
                      message: `${e.emailAddress} will be taken off your profile.`,
                      yesLabel: 'REMOVE',
                      noLabel: 'KEEP',
                      onYes: () => void run(() => contactsApi.removeEmail(paxId, e.emailAddress)),
                    })
                  }
                />
              </span>
            )}
          </li>
        ))}
        {pending.map((p) => (
          <li key={`pending-${p.emailAddress}`} data-testid="pending-email">
            <span>{p.emailAddress}</span> <span className="badge badge--muted">Waiting for confirmation</span>{' '}
            <span className="contact-list__note">follow the link we sent before {formatDate(p.expiresAt)}</span>
          </li>
        ))}
      </ul>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          const address = added.trim();
          void run(() => contactsApi.addEmail(paxId, address)).then((ok) => {
            if (!ok) return;
            setSentTo(address);
            setAdded('');
            void readPending();
          });
        }}
      >
        <div className="field">
          <label htmlFor="add-email-address">Add an e-mail address</label>
          <InputText id="add-email-address" type="email" value={added} autoComplete="email" onChange={(e) => setAdded(e.target.value)} />
        </div>
        <Button type="submit" label="ADD E-MAIL" disabled={busy || !isEmailAddress(added)} />
      </form>
      {sentTo && <p role="status">We sent a link to {sentTo}. The address is added when you follow it.</p>}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}

import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { formatUsPhone, isUsPhone } from '../../../../../event-schemas/contract/rules';
import { formatPhone } from '../../../lib/format';
import type { Phone } from '../../../stores/contacts';
import { confirm } from '../../../stores/dialogs';
import { contactsApi } from '../api/contacts-api';
import { useContactChange } from './use-contact-change';

/** The member's phone numbers: edit one in place, make it preferred, remove it (after a confirmation), add one. */
export function PhoneList({ paxId, phones }: { paxId: number; phones: Phone[] }) {
  const { busy, error, run } = useContactChange(paxId);
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [added, setAdded] = useState('');
  const typedDigits = added.replace(/\D/g, '').length;
  const unreachable = typedDigits === 10 && !isUsPhone(added);
  // A number begun and not finished: ADD PHONE stays off, and this says why (it said nothing, issue 54 item 16).
  const partial = typedDigits > 0 && typedDigits < 10;
  const describedBy = unreachable ? 'add-phone-number-error' : partial ? 'add-phone-number-hint' : undefined;
  return (
    <section aria-labelledby="phones-title">
      <h2 id="phones-title">Phone numbers</h2>
      {phones.length ? (
        <ul data-testid="phones" className="contact-list">
          {phones.map((p) => (
            <li key={p.phone}>
              {editing === p.phone ? (
                <form
                  className="contact-list__edit"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void run(() => contactsApi.changePhone(paxId, p.phone, draft)).then((ok) => ok && setEditing(null));
                  }}
                >
                  <label htmlFor={`edit-${p.phone}`}>Change {formatPhone(p.phone)} to</label>
                  <InputText id={`edit-${p.phone}`} value={draft} inputMode="tel" onChange={(e) => setDraft(formatUsPhone(e.target.value))} />
                  <Button type="submit" label="SAVE" size="small" disabled={busy || !isUsPhone(draft)} />
                  <Button type="button" label="CANCEL" size="small" text onClick={() => setEditing(null)} />
                </form>
              ) : (
                <>
                  <span>{formatPhone(p.phone)}</span> {p.preferred === 'Y' && <span className="badge">Preferred</span>}
                  <span className="contact-list__actions">
                    {p.preferred !== 'Y' && (
                      <Button
                        label="Make preferred"
                        size="small"
                        text
                        disabled={busy}
                        onClick={() => void run(() => contactsApi.preferPhone(paxId, p.phone))}
                      />
                    )}
                    <Button
                      label="Edit"
                      size="small"
                      text
                      aria-label={`Edit ${formatPhone(p.phone)}`}
                      onClick={() => {
                        setEditing(p.phone);
                        setDraft(formatUsPhone(p.phone));
                      }}
                    />
                    <Button
                      label="Remove"
                      size="small"
                      text
                      aria-label={`Remove ${formatPhone(p.phone)}`}
                      disabled={busy}
                      onClick={() =>
                        confirm({
                          title: 'Remove this phone number?',
                          message: `${formatPhone(p.phone)} will no longer receive messages from the programme.`,
                          yesLabel: 'REMOVE',
                          noLabel: 'KEEP',
                          onYes: () => void run(() => contactsApi.removePhone(paxId, p.phone)),
                        })
                      }
                    />
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>No phone number yet.</p>
      )}
      <form
        id="add-phone"
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => contactsApi.addPhone(paxId, added)).then((ok) => ok && setAdded(''));
        }}
      >
        <div className="field">
          <label htmlFor="add-phone-number">Add a phone number</label>
          <InputText
            id="add-phone-number"
            value={added}
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="949-555-0142"
            onChange={(e) => setAdded(formatUsPhone(e.target.value))}
            aria-invalid={unreachable}
            aria-describedby={describedBy}
          />
          {partial && <small id="add-phone-number-hint">Enter all 10 digits, as 949-555-0142, to add it</small>}
          {/* Ten digits that are no US number (000-000-0000): say why ADD PHONE stays off, rather than nothing. */}
          {unreachable && (
            <small id="add-phone-number-error" className="field__error" role="alert">
              This is not a US phone number: its area code and exchange do not start with 0 or 1, as 949-555-0142.
            </small>
          )}
        </div>
        <Button type="submit" label="ADD PHONE" disabled={busy || !isUsPhone(added)} aria-describedby={describedBy} />
      </form>
      {error && <p role="alert">{error}</p>}
    </section>
  );
}

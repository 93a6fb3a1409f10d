import { Checkbox } from 'primereact/checkbox';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { isApiError, problemMessage } from '../../../lib/problem';
import { messagePreferencesApi, type MessagePreferences } from '../api/message-preferences-api';

const CHOICES: { field: keyof MessagePreferences; label: string }[] = [
  { field: 'emailMarketing', label: 'Offers, reminders and survey invitations by e-mail' },
  { field: 'smsMarketing', label: 'Offers by text message (message and data rates may apply)' },
];

/**
 * Which marketing messages the member receives. Each tick saves at once; messages about their account (password
 * resets, confirmations, receipts, gifts) always come, which the note under the choices says.
 */
export function MessagePreferencesForm({ paxId }: { paxId: number }) {
  const [preferences, setPreferences] = useState<MessagePreferences | null>(null);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    let current = true;
    messagePreferencesApi.load(paxId).then(
      (p) => current && setPreferences(p),
      () => current && setOutcome({ ok: false, text: 'Your message choices could not be loaded.' }),
    );
    return () => {
      current = false;
    };
  }, [paxId]);
  const change = (field: keyof MessagePreferences, value: boolean) => {
    if (!preferences) return;
    const before = preferences;
    const next = { ...preferences, [field]: value };
    // Shown at once; put back if the server refuses.
    setPreferences(next);
    setSaving(true);
    void messagePreferencesApi
      .save(paxId, next)
      .then(
        (saved) => {
          setPreferences({ emailMarketing: saved.emailMarketing, smsMarketing: saved.smsMarketing });
          setOutcome({ ok: true, text: 'Saved.' });
        },
        (e: unknown) => {
          setPreferences(before);
          setOutcome({ ok: false, text: isApiError(e) ? problemMessage(e.problem) : 'Not saved. Please try again.' });
        },
      )
      .finally(() => setSaving(false));
  };
  return (
    <section aria-labelledby="message-preferences-title">
      <h2 id="message-preferences-title">Messages from us</h2>
      {preferences &&
        CHOICES.map(({ field, label }) => (
          <div key={field} className="message-preference">
            <Checkbox inputId={`preference-${field}`} checked={preferences[field]} disabled={saving} onChange={(e) => change(field, !!e.checked)} />{' '}
            <label htmlFor={`preference-${field}`}>{label}</label>
          </div>
        ))}
      <p className="message-preference__note">Messages about your account, such as password resets, confirmations and gifts, are always sent.</p>
      {outcome && <Message severity={outcome.ok ? 'success' : 'error'} role="status" text={outcome.text} />}
    </section>
  );
}

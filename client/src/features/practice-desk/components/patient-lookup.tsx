import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { problemMessage, isApiError } from '../../../lib/problem';
import { practiceApi, type LookupBy, type Patient } from '../api';

type Mode = 'memberCode' | 'phone' | 'email';
const MODES: { mode: Mode; label: string }[] = [
  { mode: 'memberCode', label: 'Member code' },
  { mode: 'phone', label: 'Phone' },
  { mode: 'email', label: 'E-mail and date of birth' },
];

/** Finds the patient in front of the desk: exact matches only (the server never lists members to browse). */
export function PatientLookup({ onChosen }: { onChosen: (patient: Patient) => void }) {
  const [mode, setMode] = useState<Mode>('memberCode');
  const [value, setValue] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [found, setFound] = useState<Patient[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const by: LookupBy =
      mode === 'memberCode' ? { memberCode: value.trim() } : mode === 'phone' ? { phone: value.trim() } : { email: value.trim(), dateOfBirth };
    setBusy(true);
    setError(null);
    try {
      const r = await practiceApi.findPatients(by);
      setFound(r.items);
      if (r.items.length === 1) onChosen(r.items[0]);
    } catch (e) {
      setFound(null);
      setError(isApiError(e) ? problemMessage(e.problem) : 'The lookup failed; try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="practice-card" aria-labelledby="lookup-title">
      <h2 id="lookup-title">Find the patient</h2>
      <form onSubmit={submit} className="practice-form">
        <fieldset className="practice-form__modes">
          <legend>Find by</legend>
          {MODES.map((m) => (
            <label key={m.mode}>
              <input type="radio" name="lookup-mode" checked={mode === m.mode} onChange={() => setMode(m.mode)} /> {m.label}
            </label>
          ))}
        </fieldset>
        <label htmlFor="lookup-value">{mode === 'memberCode' ? 'Member code (from the wallet)' : mode === 'phone' ? 'Phone number' : 'E-mail address'}</label>
        <InputText id="lookup-value" value={value} onChange={(e) => setValue(e.target.value)} required autoComplete="off" />
        {mode === 'email' && (
          <>
            <label htmlFor="lookup-dob">Date of birth</label>
            <InputText id="lookup-dob" type="date" value={dateOfBirth} onChange={(e) => setDateOfBirth(e.target.value)} required />
          </>
        )}
        <Button type="submit" label="FIND" loading={busy} disabled={busy} />
      </form>
      {error && <Message severity="error" text={error} role="alert" />}
      {found && found.length === 0 && <p role="status">No member matches exactly. Check the code, or ask for the phone or e-mail on their account.</p>}
      {found && found.length > 1 && (
        <ul className="practice-list" aria-label="Matching patients">
          {found.map((p) => (
            <li key={p.paxId}>
              <Button type="button" link label={`${p.firstName} ${p.lastInitial}. (${p.memberCode}, ${p.city || 'no city'})`} onClick={() => onChosen(p)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { formatDate } from '../../../lib/format';
import { practiceApi, type PracticeKey } from '../api';

/** The practice's API keys for its own systems: a new key is shown once, here; a revoked one stops at once. */
export function PracticeKeys() {
  const [keys, setKeys] = useState<PracticeKey[] | null>(null);
  const [label, setLabel] = useState('');
  const [issued, setIssued] = useState<string | null>(null);
  const load = useCallback(() => void practiceApi.keys().then(setKeys), []);
  useEffect(load, [load]);
  const issue = async (event: FormEvent) => {
    event.preventDefault();
    setIssued((await practiceApi.issueKey(label.trim())).apiKey);
    setLabel('');
    load();
  };
  return (
    <>
      <h2>API keys</h2>
      {issued && (
        <p role="status">
          Copy this key now; it is not shown again: <code>{issued}</code>
        </p>
      )}
      <ul className="practice-list" aria-label="API keys">
        {keys?.map((k) => (
          <li key={k.apiKeyId}>
            {k.label || 'Unlabelled key'}, issued {formatDate(k.createdAt)}
            {k.revokedAt ? `, revoked ${formatDate(k.revokedAt)}` : ''}
            {!k.revokedAt && (
              <Button
                type="button"
                text
                label="REVOKE"
                aria-label={`Revoke ${k.label || 'the unlabelled key'}`}
                onClick={() => void practiceApi.revokeKey(k.apiKeyId).then(load)}
              />
            )}
          </li>
        ))}
      </ul>
      <form className="practice-form" onSubmit={issue}>
        <label htmlFor="key-label">What the key is for</label>
        <InputText id="key-label" maxLength={80} value={label} onChange={(e) => setLabel(e.target.value)} />
        <Button type="submit" outlined label="ISSUE A KEY" />
      </form>
    </>
  );
}

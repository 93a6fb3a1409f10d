import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { formatDate, formatPoints } from '../../../lib/format';
import { isApiError, problemMessage } from '../../../lib/problem';
import { practiceApi, type PracticeTreatment, type Voided } from '../api';

const STATUS_WORDS: Record<string, string> = {
  PENDING: 'Pending (processed tonight)',
  PENDING_APPROVAL: 'Waiting for the patient to confirm',
  PROCESSED: 'Processed',
  VOIDED: 'Voided',
};

/** What a void did, in one sentence per kind of consequence. */
const voidedWords = (done: Voided): string =>
  [
    `Voided. ${done.pointsReversed ? `${formatPoints(done.pointsReversed)} points were taken back` : 'No points had been awarded yet'}${done.certificatesReinstated.length ? `; certificates given back: ${done.certificatesReinstated.join(', ')}` : ''}.`,
    done.certificatesRevoked.length ? `The promotion certificate it earned was revoked: ${done.certificatesRevoked.join(', ')}.` : '',
    done.certificatesOwed.length ? `Already used, so owed by the patient: ${done.certificatesOwed.map((c) => `${c.code} ($${c.amount})`).join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');

/** The practice's latest treatments, each voidable with a reason (within 30 days of its date of service). */
export function RecentTreatments({ waitForPosition }: { waitForPosition?: string }) {
  const [items, setItems] = useState<PracticeTreatment[] | null>(null);
  const [voiding, setVoiding] = useState<PracticeTreatment | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Voided | null>(null);
  const [position, setPosition] = useState(waitForPosition);

  const load = useCallback(() => void practiceApi.treatments(0, position).then((r) => setItems(r.items)), [position]);
  useEffect(load, [load]);
  useEffect(() => setPosition(waitForPosition), [waitForPosition]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!voiding) return;
    setError(null);
    try {
      const r = await practiceApi.voidTreatment(voiding.treatmentId, reason.trim());
      setDone(r);
      setVoiding(null);
      setReason('');
      setPosition(r.position);
    } catch (e) {
      setError(isApiError(e) ? problemMessage(e.problem) : 'The treatment was not voided; try again.');
    }
  };

  return (
    <section className="practice-card" aria-labelledby="recent-title">
      <h2 id="recent-title">Recent treatments</h2>
      {done && <Message severity="success" role="status" text={voidedWords(done)} />}
      {items === null ? (
        <p>Loading…</p>
      ) : items.length === 0 ? (
        <p>No treatments recorded yet.</p>
      ) : (
        <div className="practice-table-wrap" tabIndex={0} role="region" aria-label="Recent treatments">
          <table className="practice-table">
            <thead>
              <tr>
                <th scope="col">Date of service</th>
                <th scope="col">Ticket</th>
                <th scope="col">Status</th>
                <th scope="col">Points</th>
                <th scope="col">Certificates</th>
                <th scope="col">
                  <span className="visually-hidden">Void</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((t) => (
                <tr key={t.treatmentId}>
                  <td>{formatDate(t.dateOfService)}</td>
                  <td>{t.externalId}</td>
                  <td>{STATUS_WORDS[t.status] ?? t.status}</td>
                  <td>
                    {t.status === 'VOIDED'
                      ? `${formatPoints(t.pointsReversed ?? 0)} taken back`
                      : formatPoints(t.pointsAwarded ?? t.expectedPoints) + (t.pointsAwarded === null ? ' expected' : '')}
                  </td>
                  <td>{t.redeemedCertificateCodes.join(', ') || '—'}</td>
                  <td>
                    {t.status !== 'VOIDED' && (
                      <Button type="button" text label="VOID" aria-label={`Void the treatment ${t.externalId}`} onClick={() => setVoiding(t)} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog header="Void this treatment?" visible={voiding !== null} onHide={() => setVoiding(null)} style={{ maxWidth: '32rem' }}>
        <form className="practice-form" onSubmit={submit}>
          <p>Its points are taken back from the patient (their balance may go below zero) and its certificates are given back. This cannot be undone.</p>
          <label htmlFor="void-reason">Reason</label>
          <InputText id="void-reason" value={reason} maxLength={200} required onChange={(e) => setReason(e.target.value)} />
          {error && <Message severity="error" text={error} role="alert" />}
          <Button type="submit" severity="danger" label="VOID THE TREATMENT" disabled={reason.trim() === ''} />
        </form>
      </Dialog>
    </section>
  );
}

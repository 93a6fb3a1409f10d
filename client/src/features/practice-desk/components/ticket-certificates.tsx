import { formatDate } from '../../../lib/format';
import type { TicketCertificate } from '../api';

/**
 * The patient's certificates as this ticket sees them: each that applies can be chosen; each that does not says why,
 * in the server's words (the rules recording applies). A chosen one that stops applying stays chosen and says so, so
 * the desk sees it before recording rather than a refusal after.
 */
export function TicketCertificates({
  certificates,
  chosen,
  disabled,
  onToggle,
}: {
  certificates: readonly TicketCertificate[] | null;
  /** The desk's choice as it stands (the check's answer follows it a moment later). */
  chosen: readonly string[];
  disabled: boolean;
  onToggle: (code: string, chosen: boolean) => void;
}) {
  return (
    <fieldset>
      <legend>Their certificates</legend>
      {certificates === null && <p>Loading their certificates…</p>}
      {certificates?.length === 0 && <p>No active certificates.</p>}
      {certificates?.map((c) => {
        const why = c.reasons.length ? `not on this ticket: ${c.reasons.join('; ')}` : null;
        return (
          <div key={c.code} className="practice-certificate">
            <label>
              <input
                type="checkbox"
                disabled={disabled || (!c.applies && !chosen.includes(c.code))}
                checked={chosen.includes(c.code)}
                aria-describedby={why || c.note ? `why-${c.code}` : undefined}
                onChange={(e) => onToggle(c.code, e.target.checked)}
              />{' '}
              {c.name} (${c.amount}, {c.code}), {c.status === 'ACTIVE' ? `expires ${formatDate(c.expirationDate)}` : c.status.toLowerCase()}
              {c.activationDate && `, usable from ${formatDate(c.activationDate)}`}
            </label>
            {(why || c.note) && (
              <span id={`why-${c.code}`} className={c.applies ? 'practice-muted' : 'practice-refusal'}>
                {' '}
                — {[why, c.note].filter(Boolean).join(' ')}
              </span>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

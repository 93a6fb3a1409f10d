import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import type { AuditEntry } from '../api/catalogue-api';
import { formatDate, formatDateTime } from '../../../lib/format';
import { errorText } from './field-errors';
import { actorLabel } from '../../../lib/actor-label';
import { ACTION_WORDS } from '../field-labels';

const isVariantList = (v: unknown): v is { amount: number; purchaseAmount: number }[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null && 'amount' in x && 'purchaseAmount' in x);

const show = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  // Days (a category's startDate, endDate) read as the programme writes dates: MM/DD/YYYY.
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/u.test(v)) return formatDate(v);
  if (isVariantList(v)) return v.length ? v.map((x) => `$${x.amount} for ${x.purchaseAmount} pts`).join(', ') : 'none';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
};

/** What one change did: every field whose value differs between before and after, by its label where it has one. */
export const changes = (entry: AuditEntry, labels: Readonly<Record<string, string>> = {}): string[] => {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => {
      const label = labels[k] ?? k;
      return entry.before ? `${label}: ${show(before[k])} → ${show(after[k])}` : `${label}: ${show(after[k])}`;
    });
};

/** One entry's heading: what was done, by whom (named), when. */
export const entryHeading = (entry: AuditEntry, timeZone?: string): string =>
  `${ACTION_WORDS[entry.action] ?? entry.action} by ${actorLabel(entry.actor, entry.actorNames)} on ${formatDateTime(entry.occurredAt, timeZone)}`;

/** The configuration audit trail of one product or category, oldest first, each entry with the fields it changed. */
export function AuditHistory({
  title,
  load,
  fieldLabels,
}: {
  title: string;
  load: () => Promise<AuditEntry[]>;
  fieldLabels: Readonly<Record<string, string>>;
}) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setEntries(null);
    load().then(setEntries, (e: unknown) => setError(errorText(e, 'Could not load the history')));
  }, [load]);
  return (
    <section className="catalogue-tools__history" aria-label={title} data-testid="audit-history">
      <h2>{title}</h2>
      {error && <Message severity="error" text={error} />}
      {entries && !entries.length && <p>No changes recorded.</p>}
      <ol>
        {entries?.map((e, i) => (
          <li key={i}>
            <strong>{entryHeading(e)}</strong>
            <ul>
              {changes(e, fieldLabels).map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

import { changedFields, type ContentChange } from '../model';
import { actorLabel } from '../../../lib/actor-label';

// The admin's own clock, dates MM/DD/YYYY as everywhere in the programme.
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
const time = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
const actionInWords = (action: string) => (action === 'inserted' ? 'Created' : action === 'updated' ? 'Edited' : action);

/** The entry's changes from the audit trail, newest first: when, who, and which fields. */
export function EntryHistory({ changes }: { changes: ContentChange[] }) {
  if (changes.length === 0) return <p>No recorded changes (the entry came with the sample content).</p>;
  return (
    <ol className="content-admin__history" reversed>
      {[...changes].reverse().map((c, i) => {
        const fields = changedFields(c);
        return (
          <li key={`${c.occurredAt}-${i}`}>
            {actionInWords(c.action)} on {day(c.occurredAt)} at {time(c.occurredAt)} by {actorLabel(c.actor, c.actorNames)}
            {fields.length > 0 ? `: ${fields.join(', ')}` : ': no field changed'}
          </li>
        );
      })}
    </ol>
  );
}

import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useState } from 'react';
import { memberCareApi, type AccessEntry } from '../api/member-care-api';

const PAGE_SIZE = 20;

/** The server's slugs (server/privacy/access-log.ts) in the support view's words; an unknown one is shown as it is. */
const ACTION_WORDS: Record<string, string> = {
  'participant-record': 'Participant record',
  emails: 'E-mail addresses',
  phones: 'Phone numbers',
  'pending-emails': 'E-mail addresses awaiting confirmation',
  'contact-history': 'Contact history',
  points: 'Points balance',
  'bonus-points': 'Bonus points',
  activity: 'Activity',
  'activity-detail': 'Activity detail',
  certificates: 'Certificates',
  'certificate-history': 'A certificate’s history',
  referrals: 'Referrals',
  surveys: 'Surveys',
  'gifts-sent': 'Gifts sent',
  'message-preferences': 'Message preferences',
  'support-timeline': 'Support timeline',
  'support-replay': 'Support replay as of a date',
  'survey-answers': 'Their survey answers, in a survey’s results',
  'impersonation-start': 'Started impersonating',
  export: 'Export of all their data',
  'practice-lookup': 'Found at the front desk of a practice',
  'practice-certificates': 'Certificates, at the front desk of a practice',
  'practice-checkout': 'Checkout at a practice',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });
const who = (actor: AccessEntry['actor']) =>
  actor.kind === 'practice'
    ? `${actor.name ?? `Practice #${actor.practiceId}`} (practice)`
    : `${actor.name ?? `Admin #${actor.adminId}`}${actor.kind === 'admin-as-participant' ? ' (impersonating)' : ''}`;

type State = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'done'; entries: AccessEntry[]; more: boolean };

/** Who looked: every staff read of this member's data, newest first, a page at a time. */
export function AccessLog({ paxId }: { paxId: number }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const load = useCallback(
    (page: number, before: AccessEntry[]) =>
      memberCareApi.accessLog(paxId, page, PAGE_SIZE).then(
        (entries) => setState({ status: 'done', entries: [...before, ...entries], more: entries.length === PAGE_SIZE }),
        (error: unknown) => setState({ status: 'failed', message: error instanceof Error ? error.message : 'Who looked could not be loaded' }),
      ),
    [paxId],
  );
  useEffect(() => {
    void load(0, []);
  }, [load]);
  return (
    <section className="member-care__access-log" aria-labelledby="access-log-title">
      <h2 id="access-log-title">Who looked</h2>
      {state.status === 'loading' && <p>Loading who looked…</p>}
      {state.status === 'failed' && <Message severity="error" text={state.message} role="alert" />}
      {state.status === 'done' && state.entries.length === 0 && <p>No staff member has looked at this member’s data.</p>}
      {state.status === 'done' && state.entries.length > 0 && (
        <div className="table-scroll" role="region" aria-labelledby="access-log-caption" tabIndex={0}>
          <table className="simple-table" data-testid="access-log">
            <caption id="access-log-caption">Staff reads of this member’s data, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
              </tr>
            </thead>
            <tbody>
              {state.entries.map((e, i) => (
                <tr key={`${e.occurredAt}-${i}`}>
                  <td>
                    <time dateTime={e.occurredAt}>{when(e.occurredAt)}</time>
                  </td>
                  <td>{who(e.actor)}</td>
                  <td>{ACTION_WORDS[e.action] ?? e.action}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {state.status === 'done' && state.more && (
        <Button type="button" label="Show older" outlined onClick={() => void load(state.entries.length / PAGE_SIZE, state.entries)} />
      )}
    </section>
  );
}

import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'wouter';
import { formatDate } from '../../../lib/format';
import { BalanceChart } from './balance-chart';
import { TimelineTable } from './timeline-table';
import { timelineRows } from '../timeline-rows';
import { useTimeline } from './use-member-support';

const isIsoDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/** "Why is my balance this?": the member's events replayed, as they stood at the end of any day (`?asOf=`). */
export function BalanceReplay({ paxId, memberName }: { paxId: number; memberName: string }) {
  const [params, setParams] = useSearchParams();
  const asOfParam = params.get('asOf') ?? '';
  const asOf = isIsoDate(asOfParam) ? asOfParam : '';
  const [draft, setDraft] = useState(asOf);
  useEffect(() => setDraft(asOf), [asOf]);
  const timeline = useTimeline(paxId, asOf);
  const rows = useMemo(() => (timeline.status === 'done' ? timelineRows(timeline.value.events) : []), [timeline]);

  const showAsOf = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('asOf', value);
      else next.delete('asOf');
      return next;
    });

  return (
    <section className="member-care__replay" aria-labelledby="replay-title">
      <h2 id="replay-title">Why is the balance this?</h2>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          showAsOf(draft);
        }}
      >
        <div className="field">
          <label htmlFor="replay-as-of">As of (end of day)</label>
          <InputText id="replay-as-of" type="date" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </div>
        <Button type="submit" label="Show" />
        {asOf && <Button type="button" label="Show everything" outlined onClick={() => showAsOf('')} />}
      </form>
      {timeline.status === 'loading' && <p>Replaying the history…</p>}
      {timeline.status === 'failed' && <Message severity="error" text={timeline.message} role="alert" />}
      {timeline.status === 'done' && (
        <>
          <p className="member-care__as-of" data-testid="balance-as-of">
            Balance {asOf ? `at the end of ${formatDate(asOf)}` : 'now'}: <strong>{timeline.value.balanceAsOf.toLocaleString('en-US')}</strong> points, from{' '}
            {rows.length} {rows.length === 1 ? 'event' : 'events'}.
          </p>
          <BalanceChart rows={rows} until={timeline.value.asOfEndsAt ? Date.parse(timeline.value.asOfEndsAt) : Date.now()} memberName={memberName} />
          <TimelineTable rows={rows} />
        </>
      )}
    </section>
  );
}

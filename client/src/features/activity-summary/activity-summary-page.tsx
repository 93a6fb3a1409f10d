import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { formatDate, formatPoints } from '../../lib/format';
import { useSession } from '../../session/session-provider';
import { liveActivityReceived } from '../../stores/live-activity';
import { liveReplayLost } from '../../stores/live-resync';
import { ActivityDetailDialog } from './components/activity-detail-dialog';
import { resolveFilter, yearsOfMembership, type FilterMode } from './activity-filter';
import { useUnit } from 'effector-react';
import { $participant } from '../../stores/participant';
import { ACTIVITY_PAGE_SIZE, fetchActivityHeaders, type ActivityHeader, type ActivityPage } from './api/activity-api';
import { isPendingActivity, PENDING_EXPLANATION, WHY_NO_POINTS } from './pending';

function WhyNoPoints() {
  const [open, setOpen] = useState(false);
  return (
    <span className="tooltip">
      <button
        type="button"
        className="link-button"
        aria-expanded={open}
        aria-controls="why-no-points"
        onClick={() => setOpen((o) => !o)}
        onBlur={() => setOpen(false)}
      >
        Why Didn't I Earn Points?
      </button>
      <span id="why-no-points" role="tooltip" className="tooltip__text" hidden={!open}>
        {WHY_NO_POINTS}
      </span>
    </span>
  );
}

export default function ActivitySummaryPage() {
  const { pax } = useSession();
  // The participant record, read at sign-in, says when they joined (the session's own copy of it does not).
  const enrolledOn = useUnit($participant)?.enrolledOn;
  const years = yearsOfMembership(new Date(), typeof enrolledOn === 'string' ? enrolledOn : null);
  const [mode, setMode] = useState<FilterMode>('year');
  const [year, setYear] = useState(years[0]);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [errors, setErrors] = useState<{ start?: string; end?: string }>({});
  const [range, setRange] = useState(() => ({ start: `${years[0]}-01-01`, end: `${years[0]}-12-31` }));
  const [page, setPage] = useState(0);
  const [data, setData] = useState<ActivityPage | null | 'failed'>(null);
  const [selected, setSelected] = useState<ActivityHeader | null>(null);

  const [revision, setRevision] = useState(0);
  useEffect(() => {
    // A live header, or word that the stream could not replay what it missed: read the page again.
    const again = () => setRevision((r) => r + 1);
    const watching = [liveActivityReceived.watch(again), liveReplayLost.watch(again)];
    return () => watching.forEach((w) => w.unsubscribe());
  }, []);

  const load = useCallback(() => {
    if (!pax) return () => undefined;
    let live = true;
    if (revision === 0) setData(null);
    fetchActivityHeaders(pax.paxId, range, page)
      .then((d) => live && setData(d))
      .catch(() => live && setData('failed'));
    return () => {
      live = false;
    };
  }, [pax, range, page, revision]);
  useEffect(load, [load]);

  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    const resolved = resolveFilter({ mode, year, start, end });
    if ('errors' in resolved) {
      setErrors(resolved.errors);
      return;
    }
    setErrors({});
    setPage(0);
    setRange(resolved.range);
  };
  const checkRange = () => {
    if (mode !== 'range' || (!start && !end)) return;
    const resolved = resolveFilter({ mode, year, start, end });
    setErrors('errors' in resolved ? { start: start ? resolved.errors.start : undefined, end: end ? resolved.errors.end : undefined } : {});
  };

  const rows = data && data !== 'failed' ? data.items : [];
  const pages = data && data !== 'failed' ? Math.max(1, Math.ceil(data.totalElements / ACTIVITY_PAGE_SIZE)) : 1;
  const anyPending = rows.some((r) => isPendingActivity(r.activityType));

  return (
    <section className="activity" aria-labelledby="activity-title">
      <h1 id="activity-title">Activity Summary</h1>
      <form className="activity-filter" onSubmit={apply} noValidate>
        <fieldset>
          <legend>Filter by</legend>
          <label>
            <input type="radio" name="filter-mode" checked={mode === 'year'} onChange={() => setMode('year')} /> Year
          </label>
          <label>
            <input type="radio" name="filter-mode" checked={mode === 'range'} onChange={() => setMode('range')} /> Date Range
          </label>
        </fieldset>
        {mode === 'year' ? (
          <div className="field">
            <label htmlFor="activity-year">Year</label>
            <select id="activity-year" className="p-inputtext" value={year} onChange={(e) => setYear(Number(e.target.value))}>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <>
            <DateField id="activity-start" label="Start date (MM/DD/YYYY)" value={start} onChange={setStart} onBlur={checkRange} error={errors.start} />
            <DateField id="activity-end" label="End date (MM/DD/YYYY)" value={end} onChange={setEnd} onBlur={checkRange} error={errors.end} />
          </>
        )}
        <Button type="submit" label="APPLY" />
      </form>
      <WhyNoPoints />
      {data === null && <p>Loading…</p>}
      {data === 'failed' && <p role="alert">Your activity could not be loaded. Please try again later.</p>}
      {data && data !== 'failed' && (
        <>
          {rows.length === 0 ? (
            <p>No activity in this period.</p>
          ) : (
            <div className="table-scroll" role="region" aria-label="Activity table" tabIndex={0}>
              <table className="simple-table activity-table" data-testid="activity-table">
                <caption className="visually-hidden">Activity</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Activity</th>
                    <th scope="col">Description</th>
                    <th scope="col">Points</th>
                    <th scope="col">
                      <span className="visually-hidden">Details</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id}>
                      <td data-label="Date">{formatDate(row.activityDate)}</td>
                      <td data-label="Activity">{row.activityType}</td>
                      <td data-label="Description">{row.description}</td>
                      <td data-label="Points">
                        {formatPoints(row.points)}{' '}
                        {row.activityType.startsWith('TREATMENT') ? (isPendingActivity(row.activityType) ? 'Points Pending' : 'Points Earned') : ''}
                      </td>
                      <td className="activity-table__details">
                        <Button
                          label="DETAILS"
                          text
                          size="small"
                          onClick={() => setSelected(row)}
                          aria-label={`Details of ${row.activityType} on ${formatDate(row.activityDate)}`}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {anyPending && <p className="activity__pending">{PENDING_EXPLANATION}</p>}
          <nav className="pager" aria-label="Activity pages">
            <Button label="PREVIOUS" outlined size="small" disabled={page === 0} onClick={() => setPage((p) => p - 1)} />
            <span>
              Page {page + 1} of {pages}
            </span>
            <Button label="NEXT" outlined size="small" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)} />
          </nav>
        </>
      )}
      <ActivityDetailDialog header={selected} onClose={() => setSelected(null)} />
    </section>
  );
}

/** A date input whose message shows after blur, tied to it for screen readers. */
function DateField(props: { id: string; label: string; value: string; onChange: (v: string) => void; onBlur: () => void; error?: string }) {
  const { id, label, value, onChange, onBlur, error } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <InputText
        id={id}
        value={value}
        maxLength={10}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        className={error ? 'p-invalid' : undefined}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <small id={`${id}-error`} className="field__error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

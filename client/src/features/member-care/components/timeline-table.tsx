import { signedPoints, type TimelineRow } from '../timeline-rows';

/** The programme's date format (MM/DD/YYYY) with the time of day, in the admin's own time zone. */
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Every event of the replay, oldest first, with the balance it left: the same data the chart draws. */
export function TimelineTable({ rows }: { rows: readonly TimelineRow[] }) {
  if (rows.length === 0) return null;
  return (
    <div className="table-scroll" role="region" aria-labelledby="timeline-caption" tabIndex={0}>
      <table className="simple-table member-care__timeline" data-testid="timeline-table">
        <caption id="timeline-caption">Events, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Event</th>
            <th scope="col" className="member-care__number">
              Points
            </th>
            <th scope="col" className="member-care__number">
              Balance after
            </th>
            <th scope="col">By</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.position}>
              <td>
                <time dateTime={r.occurredAt}>{when(r.occurredAt)}</time>
              </td>
              <td>{r.label}</td>
              <td className="member-care__number">{signedPoints(r.change)}</td>
              <td className="member-care__number">{r.balanceAfter.toLocaleString('en-US')}</td>
              <td>{r.actor}</td>
              <td>{r.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

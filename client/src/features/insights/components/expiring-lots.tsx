import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { expiringLotsApi, type ExpiringLots } from '../api/insights-api';
import { downloadCsv, toCsv } from '../../../lib/csv';
import { monthLabel } from '../insight-dates';

/** The member support view (member care's route, reached by path: features do not import each other). */
const supportView = (paxId: number) => `~/admin-tools/employee-search/member?paxId=${paxId}`;

/** The drill-down behind a month of the expiry ladder: its lots with points left and their members, each linked to the member's support view. */
export function ExpiringLotsDetail({ month }: { month: string }) {
  const [detail, setDetail] = useState<ExpiringLots | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    setDetail(null);
    expiringLotsApi.load(month).then(
      (d) => !stopped && (setDetail(d), setError(null)),
      (e: unknown) => !stopped && setError(e instanceof Error ? e.message : 'Could not load the lots'),
    );
    return () => {
      stopped = true;
    };
  }, [month]);
  if (error) return <Message severity="error" text={error} />;
  if (!detail) return <p aria-live="polite">Loading the lots expiring in {monthLabel(month)}…</p>;
  const caption = `Lots expiring in ${monthLabel(month)}, as they stand now`;
  const header = ['Member', 'Member id', 'Lot', 'Points', 'Expires', 'Source', 'Awarded'];
  const rows = detail.lots.map((l) => [l.memberName, l.paxId, l.lotId, l.points, l.expirationDate, l.source, l.awardedAt.slice(0, 10)]);
  return (
    <div className="insights-table" data-testid="expiring-lots">
      <p aria-live="polite">
        {detail.points.toLocaleString('en-US')} points held by {detail.members.toLocaleString('en-US')} members
        {detail.truncated ? `; the first ${detail.lots.length} lots are listed` : ''}.
      </p>
      <div className="insights-table__scroll" role="region" aria-label={caption} tabIndex={0}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {header.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {detail.lots.map((l) => (
              <tr key={`${l.paxId}/${l.lotId}`}>
                <th scope="row">
                  <Link href={supportView(l.paxId)}>{l.memberName}</Link>
                </th>
                <td>{l.paxId}</td>
                <td>{l.lotId}</td>
                <td>{l.points.toLocaleString('en-US')}</td>
                <td>{l.expirationDate}</td>
                <td>{l.source}</td>
                <td>{l.awardedAt.slice(0, 10)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" className="p-button p-button-outlined p-button-sm" onClick={() => downloadCsv(`expiring-lots-${month}.csv`, toCsv(header, rows))}>
        <span className="p-button-icon p-button-icon-left pi pi-download" aria-hidden="true" />
        <span className="p-button-label">Download {caption} as CSV</span>
      </button>
    </div>
  );
}

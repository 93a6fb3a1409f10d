import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { statusApi, type SystemStatus } from './api/status-api';
import { LineChart } from './components/line-chart';
import { count, projectionLabel } from './status-labels';
import './status-page.css';

const REFRESH_MS = 5000;
/** /admin-tools/status: projection lag and event-store throughput, drawn over the last minutes; the outbox queue. */
export default function StatusPage() {
  const [status, setStatus] = useState<SystemStatus | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stopped = false;
    const load = () =>
      statusApi.load().then(
        (s) => !stopped && (setStatus(s), setError(null)),
        (e: unknown) => !stopped && setError(e instanceof Error ? e.message : 'Could not load the status'),
      );
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);

  const names = status?.projections.map((p) => p.name) ?? [];
  const history = status?.history ?? [];
  return (
    <main className="status-page">
      <h1>System Status</h1>
      {error && <Message severity="error" text={error} />}
      {status && (
        <>
          <dl className="status-page__facts">
            <dt>Event store</dt>
            <dd>{status.eventStore}</dd>
            <dt>Events stored</dt>
            <dd data-testid="total-events">
              {status.totalEvents === null || status.totalEvents === undefined ? 'not reported by this backend' : count(status.totalEvents)}
            </dd>
            <dt>Open live streams</dt>
            <dd>{count(status.liveConnections)}</dd>
            <dt>Messages waiting</dt>
            <dd data-testid="outbox-pending">
              {count(status.outbox.pending)}
              {status.outbox.pending ? `, oldest ${Math.round(status.outbox.oldestAgeSeconds)} s` : ''}
            </dd>
            <dt>Messages parked</dt>
            <dd data-testid="outbox-parked">{count(status.outbox.parked)}</dd>
          </dl>
          {status.outbox.behind && (
            <Message severity="warn" text="The outbox is behind: messages have waited more than five minutes. Check the mail and text providers." />
          )}
          <LineChart
            title="Projection lag (events behind the log)"
            unit="events"
            series={names.map((n) => ({ name: projectionLabel(n), values: history.map((h) => h.lagEvents[n] ?? null) }))}
          />
          <LineChart
            title="Appends per second"
            unit="events/s"
            series={[{ name: 'appends/s', values: history.map((h) => (h.appendsPerSecond === null ? null : Math.round(h.appendsPerSecond * 10) / 10)) }]}
          />
          <table className="status-page__table">
            <caption>Projections now</caption>
            <thead>
              <tr>
                <th scope="col">Projection</th>
                <th scope="col">Events applied</th>
                <th scope="col">Behind</th>
                <th scope="col">Oldest unapplied</th>
              </tr>
            </thead>
            <tbody>
              {status.projections.map((p) => (
                <tr key={p.name}>
                  <td>{projectionLabel(p.name)}</td>
                  <td>{count(p.eventsApplied)}</td>
                  <td>
                    {count(p.lagEvents)}
                    {p.lagCapped ? '+' : ''}
                  </td>
                  <td>{p.lagEvents ? `${p.lagSeconds.toFixed(1)} s` : 'up to date'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </main>
  );
}

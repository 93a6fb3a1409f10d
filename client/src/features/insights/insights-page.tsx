import { Message } from 'primereact/message';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { reportsChanged } from '../../stores/live-reports';
import type { FlowFigure, Liability } from './api/insights-api';
import { ExpiringLotsDetail } from './components/expiring-lots';
import { FigureTable } from './components/figure-table';
import { CertificatesDialog, FlowEntriesDialog } from './components/figure-drill-downs';
import { PromotionResults } from './components/promotion-results';
import { PracticeStatements } from './components/practice-statements';
import { InsightChart } from './components/insight-chart';
import { flowFigureOf } from './drill-down-figures';
import { monthLabel } from './insight-dates';
import { formatDate } from '../../lib/format';
import { INSIGHT_MONTHS, loadInsights, SOURCE_LABELS, type Insights } from './insights-model';
import './insights-page.css';

/**
 * While the screen is open its figures follow the log: each `reports` message on the admin's live stream (the report
 * read model moved) reads them again, at most once a second however fast awards arrive (past days never move). The
 * slow poll only turns the day over at midnight, when no event may arrive.
 */
const MIN_GAP_MS = 1_000;
const DAY_TURN_POLL_MS = 60_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const dollars = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const percent = (rate: number | null) => (rate === null ? 'none earned' : `${(rate * 100).toFixed(1)}%`);
const points = (n: number) => n.toLocaleString('en-US');

/** /admin-tools/insights: the programme's liability, points flow and expiry ladder as of a day, drawn and tabled. */
export default function InsightsPage() {
  const [asOf, setAsOf] = useState<string | undefined>(undefined);
  const [typed, setTyped] = useState('');
  const [insights, setInsights] = useState<Insights | null>(null);
  const [error, setError] = useState<string | null>(null);
  const settled = useRef(new Map<string, Liability>());
  const today = useRef<string | undefined>(undefined);

  useEffect(() => {
    let stopped = false;
    const load = () =>
      loadInsights(asOf, settled.current, today.current).then(
        (i) => {
          if (stopped) return;
          if (asOf === undefined) today.current = i.liability.asOf;
          setInsights(i);
          setTyped((t) => t || i.liability.asOf);
          setError(null);
        },
        (e: unknown) => !stopped && setError(e instanceof Error ? e.message : 'Could not load the figures'),
      );
    // One read at a time; changes told meanwhile make one more read after it, MIN_GAP_MS after the last began.
    let reading = false;
    let again = false;
    let lastBegan = 0;
    let wait: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      if (stopped) return;
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      wait = setTimeout(
        () => {
          lastBegan = Date.now();
          void load().finally(() => {
            reading = false;
            if (again) {
              again = false;
              refresh();
            }
          });
        },
        Math.max(0, lastBegan + MIN_GAP_MS - Date.now()),
      );
    };
    refresh();
    const unwatch = reportsChanged.watch(refresh);
    const timer = setInterval(refresh, DAY_TURN_POLL_MS);
    return () => {
      stopped = true;
      unwatch();
      clearInterval(timer);
      clearTimeout(wait);
    };
  }, [asOf]);

  const choose = (value: string) => {
    setTyped(value);
    if (DATE.test(value)) setAsOf(value);
  };

  return (
    <main className="insights-page">
      <h1>Programme Insight</h1>
      <div className="insights-page__as-of">
        <label htmlFor="insights-as-of">As of (end of programme day)</label>
        <input id="insights-as-of" type="date" value={typed} onChange={(e) => choose(e.target.value)} />
      </div>
      {error && <Message severity="error" text={error} />}
      {insights && <Figures insights={insights} />}
    </main>
  );
}

/** A figure opened to the members and events behind it. */
type Opened = { kind: 'flow'; figure: FlowFigure; label: string } | { kind: 'certificates'; category: string; asOf: string };

function Figures({ insights }: { insights: Insights }) {
  const { liability, overTime, flow, summary } = insights;
  const [drilled, setDrilled] = useState<string | null>(null);
  const [opened, setOpened] = useState<Opened | null>(null);
  // The figure's button that opened the dialog takes the focus back when it closes.
  const opener = useRef<HTMLButtonElement | null>(null);
  const close = () => {
    setOpened(null);
    opener.current?.focus();
  };
  /** A figure as a button that opens its drill-down (zero has nothing behind it and stays text). */
  const figureButton = (shown: string, value: string | number, label: string, open: Opened): ReactNode =>
    value === 0 ? undefined : (
      <button
        type="button"
        className="insights-figure-button"
        aria-label={`${shown}, ${label}: show the members behind it`}
        onClick={(e) => {
          opener.current = e.currentTarget;
          setOpened(open);
        }}
      >
        {shown}
      </button>
    );
  const day = liability.asOf;
  const months = flow.map((f) => monthLabel(f.period));
  const burned = flow.map((f) => f.redeemed + f.spent);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const span = `${formatDate(summary.from)} to ${formatDate(summary.to)}`;
  return (
    <>
      <dl className="insights-page__facts" data-testid="insight-facts">
        <dt>Points outstanding</dt>
        <dd data-testid="outstanding-points">{points(liability.outstandingPoints)}</dd>
        <dt>Their value at the redemption rate</dt>
        <dd data-testid="outstanding-value">{dollars(liability.outstandingValue)}</dd>
        <dt>Owed to practices for certificates accepted, not yet paid</dt>
        <dd data-testid="practices-owed">{dollars(liability.practiceCertificates.owed)}</dd>
        <dt>Members holding points</dt>
        <dd>{points(liability.members)}</dd>
        <dt>Members enrolled</dt>
        <dd>{points(summary.membersEnrolled)}</dd>
        <dt>Members active in the last 90 days</dt>
        <dd>{points(summary.membersActive90Days)}</dd>
        <dt>
          Breakage, last {INSIGHT_MONTHS} months ({span}; expired over earned)
        </dt>
        <dd data-testid="breakage-rate">{percent(summary.breakageRate)}</dd>
        <dt>
          Redemption rate, last {INSIGHT_MONTHS} months ({span}; redeemed and spent on gifts over earned)
        </dt>
        <dd>{percent(summary.redemptionRate)}</dd>
      </dl>

      <section aria-labelledby="insights-liability">
        <h2 id="insights-liability">Liability over time</h2>
        <InsightChart
          kind="line"
          title="Points outstanding at each month's end"
          summary={`From ${monthLabel(overTime[0].asOf)} to ${monthLabel(day)}, ending at ${points(liability.outstandingPoints)} points worth ${dollars(liability.outstandingValue)}. The table lists each month.`}
          labels={overTime.map((l) => monthLabel(l.asOf))}
          series={[{ name: 'Points outstanding', values: overTime.map((l) => l.outstandingPoints), colour: '#2f5d8a' }]}
        />
        <FigureTable
          caption="Liability at each month's end"
          fileName={`liability-${day}.csv`}
          testId="liability-table"
          header={['Day', 'Points outstanding', 'Value (USD)', 'Members holding points']}
          rows={overTime.map((l) => [l.asOf, l.outstandingPoints, l.outstandingValue, l.members])}
          format={(v, i) => (i === 2 ? dollars(Number(v)) : typeof v === 'number' ? points(v) : v)}
        />
      </section>

      <section aria-labelledby="insights-flow">
        <h2 id="insights-flow">Earned against burned by month</h2>
        <InsightChart
          kind="bars"
          title="Points earned, burned and expired by month"
          summary={`${months.length} months to ${monthLabel(day)}: ${points(sum(flow.map((f) => f.earned.total)))} earned, ${points(sum(burned))} burned on rewards and gifts, ${points(sum(flow.map((f) => f.expired)))} expired. The table lists each month by source.`}
          labels={months}
          series={[
            { name: 'Earned', values: flow.map((f) => f.earned.total), colour: '#2f5d8a' },
            { name: 'Burned (rewards and gifts)', values: burned, colour: '#a0623f' },
            { name: 'Expired', values: flow.map((f) => f.expired), colour: '#6b6f75' },
          ]}
        />
        <FigureTable
          caption="Points flow by month"
          fileName={`points-flow-${day}.csv`}
          testId="flow-table"
          header={[
            'Month',
            'Earned',
            ...SOURCE_LABELS.map(([, label]) => `Earned: ${label}`),
            'Redeemed',
            'Spent on gifts',
            'Expired',
            'Forfeited',
            'Reversed',
          ]}
          rows={flow.map((f) => [
            f.period,
            f.earned.total,
            ...SOURCE_LABELS.map(([code]) => f.earned.bySource[code] ?? 0),
            f.redeemed,
            f.spent,
            f.expired,
            f.forfeited,
            f.reversed,
          ])}
          cellAction={(row, column, shown) => {
            const f = flowFigureOf(String(row[0]), column, day);
            return f && figureButton(shown, row[column], f.label, { kind: 'flow', ...f });
          }}
        />
      </section>

      <section aria-labelledby="insights-expiry">
        <h2 id="insights-expiry">Expiry ladder</h2>
        <InsightChart
          kind="bars"
          title="Points outstanding by the month they expire"
          summary={`${points(liability.outstandingPoints)} points outstanding as of ${day}, expiring over ${liability.byExpiryMonth.length} months. The table lists each month.`}
          labels={liability.byExpiryMonth.map((m) => monthLabel(m.month))}
          series={[{ name: 'Points expiring', values: liability.byExpiryMonth.map((m) => m.points), colour: '#6f8f72' }]}
        />
        <FigureTable
          caption="Points outstanding by expiry month"
          fileName={`expiry-ladder-${day}.csv`}
          testId="expiry-table"
          header={['Expiry month', 'Points']}
          rows={liability.byExpiryMonth.map((m) => [m.month, m.points])}
          rowAction={{
            header: 'Members and lots now',
            cell: (row) => (
              <button type="button" className="p-button p-button-text p-button-sm" onClick={() => setDrilled(String(row[0]))}>
                Show {monthLabel(String(row[0]))}
              </button>
            ),
          }}
        />
        {drilled && <ExpiringLotsDetail month={drilled} />}
      </section>

      <section aria-labelledby="insights-promotions">
        <h2 id="insights-promotions">Promotion results</h2>
        <PromotionResults results={insights.promotions} />
      </section>

      <section aria-labelledby="insights-certificates">
        <h2 id="insights-certificates">Certificates not yet used</h2>
        <FigureTable
          caption="Active certificates not yet used, by category"
          fileName={`certificates-${day}.csv`}
          testId="certificates-table"
          header={['Category', 'Certificates', 'Value (USD)']}
          rows={liability.certificates.map((c) => [c.category, c.count, c.value])}
          format={(v, i) => (i === 2 ? dollars(Number(v)) : typeof v === 'number' ? points(v) : v)}
          cellAction={(row, column, shown) =>
            figureButton(shown, row[column], `${column === 1 ? 'certificates' : 'value'} “${row[0]}” as of ${day}`, {
              kind: 'certificates',
              category: String(row[0]),
              asOf: day,
            })
          }
        />
      </section>
      <section aria-labelledby="insights-practice-statements">
        <h2 id="insights-practice-statements">Practice statements</h2>
        <PracticeStatements />
      </section>
      {opened?.kind === 'flow' && <FlowEntriesDialog figure={opened.figure} label={opened.label} onClose={close} />}
      {opened?.kind === 'certificates' && <CertificatesDialog category={opened.category} asOf={opened.asOf} onClose={close} />}
    </>
  );
}

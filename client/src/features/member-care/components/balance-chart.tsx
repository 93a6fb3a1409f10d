import { useId } from 'react';
import { formatDate } from '../../../lib/format';
import { axisTop, scaleFor, stepPath, type ChartBox } from '../balance-chart-geometry';
import type { TimelineRow } from '../timeline-rows';

const BOX: ChartBox = { width: 640, height: 220, left: 56, margin: 24 };
const INK = '#4a5560';

/**
 * The balance after each event as a step line in plain SVG (one small chart does not earn a chart library). Screen
 * readers get a title and a summary; the table below carries every value the line is drawn from.
 */
export function BalanceChart({ rows, until, memberName }: { rows: readonly TimelineRow[]; until: number; memberName: string }) {
  const titleId = useId();
  const descId = useId();
  const steps = rows.map((r) => ({ at: Date.parse(r.occurredAt), balance: r.balanceAfter }));
  if (steps.length === 0) return <p>No events yet: the balance has always been 0.</p>;
  const from = steps[0].at;
  const to = Math.max(until, steps[steps.length - 1].at);
  const top = axisTop(steps);
  const scale = scaleFor(BOX, from, to, top);
  const last = steps[steps.length - 1].balance;
  const highest = Math.max(...steps.map((s) => s.balance));
  const floor = scale.y(0);
  return (
    <figure className="member-care__chart">
      <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-labelledby={`${titleId} ${descId}`} data-testid="balance-chart">
        <title id={titleId}>Balance of {memberName} over time</title>
        <desc id={descId}>
          {`From ${formatDate(new Date(from))} to ${formatDate(new Date(to))}: ${rows.length} events, highest balance ${highest.toLocaleString('en-US')}, ending at ${last.toLocaleString('en-US')} points. The table below lists each event.`}
        </desc>
        {[0, top / 2, top].map((v) => (
          <g key={v}>
            <line x1={BOX.left} x2={BOX.width - BOX.margin} y1={scale.y(v)} y2={scale.y(v)} stroke="#d9d3cc" strokeDasharray={v === 0 ? undefined : '4 4'} />
            <text x={BOX.left - 6} y={scale.y(v) + 4} fontSize="12" fill={INK} textAnchor="end">
              {v.toLocaleString('en-US')}
            </text>
          </g>
        ))}
        <text x={BOX.left} y={floor + 18} fontSize="12" fill={INK}>
          {formatDate(new Date(from))}
        </text>
        <text x={BOX.width - BOX.margin} y={floor + 18} fontSize="12" fill={INK} textAnchor="end">
          {formatDate(new Date(to))}
        </text>
        <path d={stepPath(steps, scale, to)} fill="none" stroke="#2f5d8a" strokeWidth={2.5} />
        {steps.map((s, i) => (
          <circle key={i} cx={scale.x(s.at)} cy={scale.y(s.balance)} r={3} fill="#2f5d8a" />
        ))}
      </svg>
      <figcaption>Balance after each event, oldest on the left</figcaption>
    </figure>
  );
}

import { useId } from 'react';

export interface ChartSeries {
  name: string;
  values: number[];
  colour: string;
}

const BOX = { width: 640, height: 220, left: 64, right: 16, top: 16, bottom: 36 };
const INK = '#4a5560';

/** The largest value shown, rounded up to a readable axis top (never 0). */
const axisTop = (series: ChartSeries[]): number => {
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  if (max <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / magnitude) * magnitude;
};

/**
 * A small plain-SVG chart over labelled periods: grouped bars, or one line per series. Screen readers get its title
 * and a summary; the table beside it carries every number it is drawn from (and is what the keyboard reaches).
 */
export function InsightChart({
  title,
  summary,
  labels,
  series,
  kind,
}: {
  title: string;
  summary: string;
  labels: string[];
  series: ChartSeries[];
  kind: 'bars' | 'line';
}) {
  const titleId = useId();
  const descId = useId();
  const top = axisTop(series);
  const innerW = BOX.width - BOX.left - BOX.right;
  const innerH = BOX.height - BOX.top - BOX.bottom;
  const slot = labels.length ? innerW / labels.length : innerW;
  const y = (v: number) => BOX.top + innerH - (v / top) * innerH;
  const barW = Math.min(48, (slot * 0.8) / Math.max(1, series.length));
  const labelEvery = Math.max(1, Math.ceil(labels.length / 6));
  return (
    <figure className="insights-chart">
      <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>{title}</title>
        <desc id={descId}>{summary}</desc>
        {[0, top / 2, top].map((v) => (
          <g key={v}>
            <line x1={BOX.left} x2={BOX.width - BOX.right} y1={y(v)} y2={y(v)} stroke="#d9d3cc" strokeDasharray={v === 0 ? undefined : '4 4'} />
            <text x={BOX.left - 6} y={y(v) + 4} fontSize="12" fill={INK} textAnchor="end">
              {v.toLocaleString('en-US')}
            </text>
          </g>
        ))}
        {labels.map((label, i) =>
          i % labelEvery === 0 ? (
            <text key={label} x={BOX.left + slot * (i + 0.5)} y={BOX.height - 12} fontSize="12" fill={INK} textAnchor="middle">
              {label}
            </text>
          ) : null,
        )}
        {kind === 'bars'
          ? series.flatMap((s, si) =>
              s.values.map((v, i) => (
                <rect
                  key={`${s.name}-${labels[i]}`}
                  x={BOX.left + slot * (i + 0.5) - (barW * series.length) / 2 + barW * si}
                  y={y(v)}
                  width={barW}
                  height={Math.max(0, y(0) - y(v))}
                  fill={s.colour}
                />
              )),
            )
          : series.map((s) => (
              <g key={s.name}>
                <path
                  d={s.values.map((v, i) => `${i === 0 ? 'M' : 'L'}${(BOX.left + slot * (i + 0.5)).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}
                  fill="none"
                  stroke={s.colour}
                  strokeWidth={2.5}
                />
                {s.values.map((v, i) => (
                  <circle key={labels[i]} cx={BOX.left + slot * (i + 0.5)} cy={y(v)} r={3} fill={s.colour} />
                ))}
              </g>
            ))}
      </svg>
      <figcaption>
        <ul className="insights-chart__legend">
          {series.map((s) => (
            <li key={s.name}>
              <span className="insights-chart__swatch" style={{ background: s.colour }} aria-hidden="true" />
              {s.name}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

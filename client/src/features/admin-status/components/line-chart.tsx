import { axisTop, linePath, type ChartBox, type Series } from '../chart-geometry';

const COLOURS = ['#4a5d73', '#b07d62', '#6f8f72', '#8a6fa3', '#c2a14d', '#5b8fa8'];
const BOX: ChartBox = { width: 640, height: 200, padding: 28 };

/** A small dependency-free line chart: one line per series over the same sample times. */
export function LineChart({ title, series, unit }: { title: string; series: Series[]; unit: string }) {
  const top = axisTop(series);
  return (
    <figure className="status-chart">
      <figcaption>{title}</figcaption>
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        role="img"
        aria-label={`${title}: ${series.map((s) => `${s.name} now ${s.values[s.values.length - 1] ?? 'unknown'} ${unit}`).join(', ')}`}
      >
        <line x1={BOX.padding} y1={BOX.height - BOX.padding} x2={BOX.width - BOX.padding} y2={BOX.height - BOX.padding} stroke="#9aa5b1" />
        <line x1={BOX.padding} y1={BOX.padding} x2={BOX.padding} y2={BOX.height - BOX.padding} stroke="#9aa5b1" />
        <text x={4} y={BOX.padding + 4} fontSize="11" fill="#4a5560">
          {top}
        </text>
        <text x={4} y={BOX.height - BOX.padding + 4} fontSize="11" fill="#4a5560">
          0
        </text>
        {series.map((s, i) => (
          <path key={s.name} d={linePath(s.values, top, BOX)} fill="none" stroke={COLOURS[i % COLOURS.length]} strokeWidth={2} />
        ))}
      </svg>
      <ul className="status-chart__legend">
        {series.map((s, i) => (
          <li key={s.name}>
            <span className="status-chart__swatch" style={{ background: COLOURS[i % COLOURS.length] }} aria-hidden="true" />
            {s.name}
          </li>
        ))}
      </ul>
    </figure>
  );
}

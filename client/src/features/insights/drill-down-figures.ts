import { endOfMonth } from '../../../../event-schemas/calendar';
import type { FlowFigure } from './api/insights-api';
import { monthLabel } from './insight-dates';
import { SOURCE_LABELS } from './insights-model';

/**
 * The figure a cell of the points-flow table shows (its columns: month, earned, earned by each source, redeemed,
 * spent, expired, forfeited), as the drill-down asks for it: that measure over the month's days, up to the as-of day
 * in its month (the table's last month ends there). Undefined for the month column.
 */
export function flowFigureOf(period: string, column: number, asOf: string): { figure: FlowFigure; label: string } | undefined {
  const from = `${period}-01`;
  const monthEnd = endOfMonth(from);
  const days = { from, to: monthEnd < asOf ? monthEnd : asOf };
  const month = monthLabel(period);
  if (column === 1) return { figure: { measure: 'earned', ...days }, label: `Earned, ${month}` };
  const source = SOURCE_LABELS[column - 2];
  if (source) return { figure: { measure: 'earned', source: source[0], ...days }, label: `Earned: ${source[1]}, ${month}` };
  const rest = [
    ['redeemed', 'Redeemed'],
    ['spent', 'Spent on gifts'],
    ['expired', 'Expired'],
    ['forfeited', 'Forfeited'],
    ['reversed', 'Reversed'],
  ] as const;
  const other = rest[column - 2 - SOURCE_LABELS.length];
  return other ? { figure: { measure: other[0], ...days }, label: `${other[1]}, ${month}` } : undefined;
}

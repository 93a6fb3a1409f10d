import type { PromotionResult } from '../api/insights-api';
import { FigureTable } from './figure-table';
import { InsightChart } from './insight-chart';

const dollars = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** Each published promotion's cost against its forecast at publication, drawn and tabled. */
export function PromotionResults({ results }: { results: PromotionResult[] }) {
  if (results.length === 0) return <p>No promotion has been published yet.</p>;
  const costColumns = new Set([8, 13]);
  return (
    <>
      <InsightChart
        kind="bars"
        title="Promotion cost against forecast"
        summary={`${results.length} published promotions: ${results
          .map((r) => `${r.name} paid ${dollars(r.paid.cost)}${r.forecast ? ` against ${dollars(r.forecast.cost)} forecast` : ''}`)
          .join('; ')}. The table lists each promotion.`}
        labels={results.map((r) => r.name)}
        series={[
          { name: 'Paid (dollars)', values: results.map((r) => r.paid.cost), colour: '#a0623f' },
          { name: 'Forecast at publication (dollars)', values: results.map((r) => r.forecast?.cost ?? 0), colour: '#2f5d8a' },
        ]}
      />
      <FigureTable
        caption="Promotion results against forecast"
        fileName="promotion-results.csv"
        testId="promotion-table"
        header={[
          'Promotion',
          'Status',
          'From',
          'To',
          'Members paid',
          'Treatments paid',
          'Points paid',
          'Certificates paid',
          'Cost (USD)',
          'Forecast on',
          'Forecast members',
          'Forecast treatments',
          'Forecast points',
          'Forecast cost (USD)',
          'Forecast',
        ]}
        rows={results.map((r) => [
          r.name,
          r.status,
          r.fromDate,
          r.thruDate,
          r.paid.members,
          r.paid.treatments,
          r.paid.points,
          r.paid.certificates,
          r.paid.cost,
          r.forecast?.publishedOn ?? '',
          r.forecast?.members ?? '',
          r.forecast?.treatments ?? '',
          r.forecast?.points ?? '',
          r.forecast?.cost ?? '',
          r.forecast ? (r.forecast.recorded ? 'as shown at publication' : 'replayed on today’s data') : '',
        ])}
        format={(v, i) => (costColumns.has(i) && v !== '' ? dollars(Number(v)) : typeof v === 'number' ? v.toLocaleString('en-US') : v)}
      />
    </>
  );
}

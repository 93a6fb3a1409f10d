import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { downloadCsv, toCsv } from '../../../lib/csv';

/**
 * The numbers behind a chart as a table (a focusable region, so the keyboard reaches it when it scrolls), with its
 * CSV download. `rows` hold the raw values; `format` shows them.
 */
export function FigureTable({
  caption,
  fileName,
  header,
  rows,
  format = (v) => (typeof v === 'number' ? v.toLocaleString('en-US') : v),
  testId,
  rowAction,
  cellAction,
}: {
  caption: string;
  fileName: string;
  header: string[];
  rows: (string | number)[][];
  format?: (value: string | number, column: number) => string;
  testId?: string;
  /** An extra last column (e.g. a drill-down button), not part of the CSV. */
  rowAction?: { header: string; cell: (row: (string | number)[]) => ReactNode };
  /** Opens what a figure is made of: answers the cell's content (e.g. a button showing the figure), or undefined for plain text. */
  cellAction?: (row: (string | number)[], column: number, shown: string) => ReactNode | undefined;
}) {
  return (
    <div className="insights-table">
      <div className="insights-table__scroll" role="region" aria-label={caption} tabIndex={0}>
        <table data-testid={testId}>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {header.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
              {rowAction && <th scope="col">{rowAction.header}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={header.length + (rowAction ? 1 : 0)}>None</td>
              </tr>
            ) : (
              rows.map((r, n) => (
                <tr key={`${r[0]}|${n}`}>
                  {r.map((v, i) =>
                    i === 0 ? (
                      <th key={i} scope="row">
                        {format(v, i)}
                      </th>
                    ) : (
                      <td key={i}>{cellAction?.(r, i, format(v, i)) ?? format(v, i)}</td>
                    ),
                  )}
                  {rowAction && <td>{rowAction.cell(r)}</td>}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Button
        type="button"
        label={`Download ${caption} as CSV`}
        icon="pi pi-download"
        outlined
        size="small"
        onClick={() => downloadCsv(fileName, toCsv(header, rows))}
      />
    </div>
  );
}

import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';

/** Rows a drill-down dialog shows on one page. */
export const DRILL_DOWN_PAGE_SIZE = 25;

/** The member support view (member care's route, reached by path: features do not import each other). */
export const supportView = (paxId: number) => `~/admin-tools/employee-search/member?paxId=${paxId}`;

/** A member's link to their support view; an erased member has no name left and is named as the support view names them. */
export const MemberLink = ({ paxId, name }: { paxId: number; name: string | null }) => (
  <Link href={supportView(paxId)}>{name ?? `Erased member #${paxId}`}</Link>
);

/** One page as the dialog draws it: its rows (the first cell heads the row), and what all pages add up to. */
export interface DrillDownPage {
  rows: { key: string; cells: ReactNode[] }[];
  totalElements: number;
  /** The pages' total in words, e.g. "1,234 points in 56 events": it equals the figure the dialog was opened from. */
  total: string;
}

/**
 * The rows behind a figure, a page at a time, in a modal dialog (Escape or Close shuts it and the focus returns to
 * the figure that opened it). `load` reads a page; the total is stated above the table so it can be checked against
 * the figure at a glance.
 */
export function DrillDownDialog({
  title,
  caption,
  header,
  load,
  onClose,
  testId,
}: {
  title: string;
  caption: string;
  header: string[];
  load: (page: number, size: number) => Promise<DrillDownPage>;
  onClose: () => void;
  testId: string;
}) {
  const [page, setPage] = useState(0);
  const [shown, setShown] = useState<DrillDownPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    load(page, DRILL_DOWN_PAGE_SIZE).then(
      (p) => !stopped && (setShown(p), setError(null)),
      (e: unknown) => !stopped && setError(e instanceof Error ? e.message : 'Could not load the rows'),
    );
    return () => {
      stopped = true;
    };
  }, [load, page]);
  const pages = shown ? Math.max(1, Math.ceil(shown.totalElements / DRILL_DOWN_PAGE_SIZE)) : 1;
  return (
    <Dialog header={title} visible onHide={onClose} style={{ width: 'min(52rem, 96vw)' }} data-testid={testId}>
      {error && <Message severity="error" text={error} />}
      {!shown && !error && <p aria-live="polite">Loading…</p>}
      {shown && (
        <div className="insights-table">
          <p aria-live="polite" data-testid="drill-down-total">
            Total: {shown.total}
          </p>
          <div className="insights-table__scroll" role="region" aria-label={caption} tabIndex={0}>
            <table>
              <caption>
                {caption}, page {page + 1} of {pages}
              </caption>
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
                {shown.rows.length === 0 ? (
                  <tr>
                    <td colSpan={header.length}>None</td>
                  </tr>
                ) : (
                  shown.rows.map((r) => (
                    <tr key={r.key}>
                      {r.cells.map((c, i) =>
                        i === 0 ? (
                          <th key={i} scope="row">
                            {c}
                          </th>
                        ) : (
                          <td key={i}>{c}</td>
                        ),
                      )}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
          <nav className="insights-drill-down__pager" aria-label={`Pages of ${caption}`}>
            <Button type="button" label="Previous page" outlined size="small" disabled={page === 0} onClick={() => setPage(page - 1)} />
            <span>
              Page {page + 1} of {pages}
            </span>
            <Button type="button" label="Next page" outlined size="small" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)} />
          </nav>
        </div>
      )}
    </Dialog>
  );
}

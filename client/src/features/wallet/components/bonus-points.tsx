import { useEffect, useState } from 'react';
import { api } from '../../../lib/api';
import { formatDate, formatPoints } from '../../../lib/format';

interface BonusItem {
  description: string;
  amount: number;
  expirationDate: string | null;
}

interface Header {
  id: string;
  activityType: string;
  points: number;
  description: string;
  activityDate: string;
  expirationDate?: string | null;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Bonus points of the last year, from the activity headers. */
export function BonusPoints({ paxId }: { paxId: number }) {
  const [items, setItems] = useState<BonusItem[] | null>(null);
  useEffect(() => {
    let live = true;
    const end = new Date();
    const start = new Date(Date.UTC(end.getUTCFullYear() - 1, end.getUTCMonth(), end.getUTCDate()));
    api
      .get<{ items: Header[] }>(`/api/rest/patients/${paxId}/activity-headers`, {
        query: { 'start-date': isoDay(start), 'end-date': isoDay(end), page: 0, size: 100 },
        quiet: true,
      })
      .then(
        (page) =>
          live &&
          setItems(
            page.items
              .filter((h) => h.activityType === 'BONUS POINTS EARNED')
              .map((h) => ({ description: h.description, amount: h.points, expirationDate: h.expirationDate ?? null })),
          ),
      )
      .catch(() => live && setItems([]));
    return () => {
      live = false;
    };
  }, [paxId]);
  return (
    <section aria-labelledby="bonus-title">
      <h2 id="bonus-title">Bonus points</h2>
      {items === null ? (
        <p>Loading…</p>
      ) : items.length ? (
        <ul data-testid="bonus-points">
          {items.map((b, i) => (
            <li key={i}>
              {b.description}: {formatPoints(b.amount)} points{b.expirationDate ? `, expire ${formatDate(b.expirationDate)}` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p>No bonus points in the last year.</p>
      )}
    </section>
  );
}

import type { BonusPoints, BonusPointsItem } from '../../../../../event-schemas/contract/participants';
import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api';
import { formatDate, formatPoints } from '../../../lib/format';
import { $points, $pointsPosition } from '../../../stores/points';
import { programmeToday } from '../../../lib/programme-calendar';
import { addDaysToInstant } from '../../../../../event-schemas/calendar';

/** What is left of an award, in words: all of it, part of it (spent on rewards first-to-expire), or none and why. */
export function bonusLine(b: Omit<BonusPointsItem, 'source'>, on = programmeToday()): string {
  const head = `${b.description}: ${formatPoints(b.amount)} points`;
  if (b.remaining === b.amount) return `${head}, expire ${formatDate(b.expirationDate)}`;
  if (b.remaining > 0) return `${head}, ${formatPoints(b.remaining)} left, expire ${formatDate(b.expirationDate)}`;
  return b.expirationDate < on ? `${head}, used or expired ${formatDate(b.expirationDate)}` : `${head}, all used`;
}

/**
 * Bonus points of the last year with what is left of each, read again whenever the balance moves (as of the live
 * message that moved it), so the list never claims points the balance no longer holds.
 */
export function BonusPoints({ paxId }: { paxId: number }) {
  const [points, position] = useUnit([$points, $pointsPosition]);
  const balance = points?.balance;
  const [items, setItems] = useState<BonusPointsItem[] | null>(null);
  useEffect(() => {
    let live = true;
    api
      .get<BonusPoints>(`/api/rest/participants/${paxId}/bonus-points`, { quiet: true, ...(position ? { waitForPosition: position } : {}) })
      .then((r) => {
        const yearAgo = addDaysToInstant(new Date(), -365);
        if (live) setItems(r.items.filter((b) => new Date(b.awardedAt) >= yearAgo));
      })
      .catch(() => live && setItems((current) => current ?? []));
    return () => {
      live = false;
    };
    // Keyed on the balance, not the position: the list follows what the balance does.
  }, [paxId, balance]);
  return (
    <section aria-labelledby="bonus-title">
      <h2 id="bonus-title">Bonus points</h2>
      {items === null ? (
        <p>Loading…</p>
      ) : items.length ? (
        <ul data-testid="bonus-points">
          {items.map((b) => (
            <li key={b.lotId}>{bonusLine(b)}</li>
          ))}
        </ul>
      ) : (
        <p>No bonus points in the last year.</p>
      )}
    </section>
  );
}

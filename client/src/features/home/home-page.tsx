import { useUnit } from 'effector-react';
import { useSession } from '../../session/session-provider';
import { $participant } from '../../stores/participant';
import { $points } from '../../stores/points';

const formatPoints = (points: number) => points.toLocaleString('en-US');

export default function HomePage() {
  const { pax } = useSession();
  const [participant, points] = useUnit([$participant, $points]);
  const member = participant ?? pax;
  return (
    <section className="home-page" aria-labelledby="home-title">
      <h1 id="home-title">
        Welcome back{member ? `, ${member.firstName} ${member.lastName}` : ''}
      </h1>
      <div className="points-card" aria-live="polite">
        <span className="points-card__label">Your points</span>
        <span className="points-card__balance" data-testid="points-balance" aria-busy={points === null}>
          {points === null ? '…' : formatPoints(points.balance)}
        </span>
        {points !== null && points.pending > 0 && (
          <span className="points-card__pending" data-testid="points-pending">
            {formatPoints(points.pending)} points pending
          </span>
        )}
      </div>
    </section>
  );
}

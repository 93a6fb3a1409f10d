import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { formatDate, formatPoints } from '../../../lib/format';
import { $promotions, $promotionsFailed, type Promotion } from '../../../stores/promotions';
import { PromotionDetailsDialog } from './promotion-details-dialog';
import '../earn-points.css';

/** "You have earned 48 points from 2 treatments so far" (or certificates, or both). */
export const earnedText = (e: NonNullable<Promotion['earned']>): string => {
  const parts = [
    e.points > 0 ? `${formatPoints(e.points)} points` : '',
    e.certificates > 0 ? `${e.certificates} ${e.certificates === 1 ? 'certificate' : 'certificates'}` : '',
  ].filter(Boolean);
  return `You have earned ${parts.join(' and ')} from ${e.treatments} ${e.treatments === 1 ? 'treatment' : 'treatments'} so far.`;
};

/** The title the admin set for the tile in the wizard's website step; the promotion's name when none was set. */
export const tileTitle = (p: Pick<Promotion, 'name' | 'websiteData'>): string => p.websiteData?.tile.title?.trim() || p.name;

function PromotionTile({ promotion: p, onOpen }: { promotion: Promotion; onOpen: () => void }) {
  const title = tileTitle(p);
  return (
    <li className="tile promotion-tile" data-testid="promotion-tile">
      <h3>{title}</h3>
      <p>{p.description}</p>
      <p className="promotion-tile__dates">
        {formatDate(p.fromDate)} – {formatDate(p.thruDate)}
      </p>
      {p.certificateCategoryName && <p>Reward: {p.certificateCategoryName}</p>}
      {p.earned && p.earned.treatments > 0 && <p className="promotion-tile__earned">{earnedText(p.earned)}</p>}
      {p.offerCert && (
        <p className="promotion-tile__offer">
          Your offer certificate is in your wallet: code <strong>{p.offerCert.code}</strong>, expires {formatDate(p.offerCert.expirationDate)}.
        </p>
      )}
      {(p.websiteData?.pages.length ?? 0) > 0 && <Button label="View details" aria-label={`View details of ${title}`} onClick={onOpen} outlined />}
    </li>
  );
}

/** The member's promotion tiles, loaded by the promotions store when they signed in. */
export function PromotionTiles() {
  const { isLoaded, items } = useUnit($promotions);
  const failed = useUnit($promotionsFailed);
  const [open, setOpen] = useState<Promotion | null>(null);
  return (
    <section aria-labelledby="promotions-title">
      <h2 id="promotions-title">Promotions</h2>
      {failed && <p role="alert">Promotions could not be loaded. Please try again later.</p>}
      {!isLoaded && !failed && <PageLoader label="Loading promotions" />}
      {isLoaded && items.length === 0 && <p>There are no promotions for you right now. Keep checking back!</p>}
      {items.length > 0 && (
        <ul className="tiles" data-testid="promotions">
          {items.map((p) => (
            <PromotionTile key={p.promoId} promotion={p} onOpen={() => setOpen(p)} />
          ))}
        </ul>
      )}
      <PromotionDetailsDialog promotion={open} onClose={() => setOpen(null)} />
    </section>
  );
}

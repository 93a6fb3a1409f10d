import { Button } from 'primereact/button';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PageLoader } from '../../components/page-loader';
import { formatDate, formatDollars, formatPoints } from '../../lib/format';
import { draftCleared, draftFieldUpdated, leftText, nextUrlSet } from './model/cart-store';
import { GiftFlowLayout } from './components/gift-flow-layout';
import { giftPaths } from './gift-paths';
import { useGiftCategories } from './components/use-gift-categories';

/** The available gift certificates, cheapest first; choosing one starts composing it. */
export default function GiftLandingPage() {
  const { categories, state } = useGiftCategories();
  const [, navigate] = useLocation();
  const next = new URLSearchParams(useSearch()).get('next');
  useEffect(() => {
    if (next) nextUrlSet(next);
  }, [next]);
  const choose = (code: string, amount: number) => {
    draftCleared();
    draftFieldUpdated({ field: 'certificateCategoryCode', value: code });
    draftFieldUpdated({ field: 'certificateCategoryId', value: code });
    draftFieldUpdated({ field: 'amount', value: amount });
    navigate(giftPaths.buy);
  };
  return (
    <GiftFlowLayout title="Buy Gift Certificates">
      {state === 'loading' && <PageLoader label="Loading gift certificates" />}
      {state === 'failed' && <p role="alert">Gift certificates could not be loaded. Please try again later.</p>}
      {state === 'ready' && !categories.length && <p>No gift certificates are available right now.</p>}
      <ul className="gift-categories">
        {categories.map((c) => (
          <li key={c.certificateCategoryCode} className="gift-category" data-testid="gift-category">
            <h2>{c.certificateCategoryName}</h2>
            {c.promoName && <p className="gift-category__promo">{c.promoName}</p>}
            <p>{c.certificateCategoryDesc}</p>
            {c.endDate && <p>On sale until {formatDate(c.endDate)}</p>}
            {leftText(c) && <p className="gift-category__left">{leftText(c)}</p>}
            {c.transferable === false && <p>For yourself only: it cannot be sent as a gift.</p>}
            <p>{c.variants.map((v) => `${formatDollars(v.amount)} for ${formatPoints(v.purchasePrice)} points`).join(' · ')}</p>
            <Button label={`BUY ${c.certificateCategoryName.toUpperCase()}`} onClick={() => choose(c.certificateCategoryCode, c.variants[0]?.amount ?? 0)} />
          </li>
        ))}
      </ul>
      <Button label="VIEW CART" outlined onClick={() => navigate(giftPaths.cart)} />
    </GiftFlowLayout>
  );
}

import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../config/routes';
import { formatDate, formatDollars, formatPoints } from '../../lib/format';
import { checkoutFailure } from './model/checkout-failure';
import { useSession } from '../../session/session-provider';
import { $points } from '../../stores/points';
import { $availableCerts, $cart, $nextUrl, cartCleared, nextUrlSet } from './model/cart-store';
import { cartTotal } from './cart-total';
import { CardArtSummary } from './components/card-art-picker';
import { placeGiftOrder } from './api/gift-api';
import { GiftFlowLayout } from './components/gift-flow-layout';
import { giftPaths } from './gift-paths';
import type { PlacedOrder } from './api/gift-types';
import { useGiftCardArt } from './components/use-gift-card-art';
import { useGiftCategories } from './components/use-gift-categories';

const newOrderId = () => (globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `order-${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** Confirm and spend the points; the balance shown is the live one, so it drops as soon as the order is projected. */
export default function GiftCheckoutPage() {
  useGiftCategories();
  const { pax } = useSession();
  const [cart, categories, points, nextUrl] = useUnit([$cart, $availableCerts, $points, $nextUrl]);
  const { byId: artById } = useGiftCardArt();
  const [, navigate] = useLocation();
  // One id per checkout visit: a retry after a failed answer is the same order, never a second charge.
  const clientOrderId = useRef(newOrderId());
  const [status, setStatus] = useState<'idle' | 'placing' | 'failed'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const total = cartTotal(cart, categories);

  const confirm = async () => {
    if (!pax) return;
    setStatus('placing');
    setError(null);
    try {
      const order = await placeGiftOrder(pax.paxId, cart, clientOrderId.current);
      setPlaced(order);
      cartCleared();
      setStatus('idle');
    } catch (e) {
      setStatus('failed');
      const failure = checkoutFailure(e);
      if (failure.newCheckout) clientOrderId.current = newOrderId();
      setError(failure.message);
    }
  };
  const finish = () => {
    const to = nextUrl ?? paths.wallet;
    nextUrlSet(null);
    navigate(to);
  };

  // Why CONFIRM PURCHASE is disabled, in words: the points the order lacks.
  const short = points !== null && cart.length > 0 ? Math.max(0, total - points.balance) : 0;
  const balance = (
    <p className="gift-checkout__balance" aria-live="polite">
      Available points: <strong data-testid="checkout-balance">{points ? formatPoints(points.balance) : '…'}</strong>
    </p>
  );
  if (placed) {
    return (
      <GiftFlowLayout title="Thank You">
        <div role="status">
          <p>You spent {formatPoints(placed.pointsSpent)} points.</p>
          <ul data-testid="placed-certificates">
            {placed.certificates.map((c) => (
              <li key={c.id}>
                {c.name} ({formatDollars(c.amount)}){c.isGift ? ', sent as a gift' : ''}: code <strong>{c.code}</strong>, expires {formatDate(c.expirationDate)}{' '}
                <CardArtSummary art={c.cardArtId ? artById[c.cardArtId] : null} />
              </li>
            ))}
          </ul>
        </div>
        {balance}
        <Button label={nextUrl ? 'CONTINUE' : 'GO TO WALLET'} onClick={finish} autoFocus />
      </GiftFlowLayout>
    );
  }
  return (
    <GiftFlowLayout title="Checkout">
      {!cart.length ? (
        <p>Your cart is empty.</p>
      ) : (
        <>
          <ul className="gift-cart">
            {cart.map((c) => (
              <li key={c.feID}>
                {c.quantity} × {formatDollars(c.amount ?? 0)}{' '}
                {categories.find((k) => k.certificateCategoryCode === c.certificateCategoryCode)?.certificateCategoryName ?? c.certificateCategoryCode}
                {c.isGift ? ` for ${c.recipientName} (${c.recipientEmail})` : ''} <CardArtSummary art={c.selectedCardArt ? artById[c.selectedCardArt] : null} />
              </li>
            ))}
          </ul>
          <p>
            Total: <strong>{formatPoints(total)} points</strong>
          </p>
        </>
      )}
      {balance}
      {short > 0 && (
        <Message
          id="checkout-short"
          severity="warn"
          text={`You need ${formatPoints(short)} more points for this order. Remove a certificate from your cart, or earn more points first.`}
        />
      )}
      {error && <Message severity="error" text={error} />}
      <div className="gift-form__actions">
        <Button label="BACK TO CART" outlined onClick={() => navigate(giftPaths.cart)} disabled={status === 'placing'} />
        <Button
          label="CONFIRM PURCHASE"
          onClick={confirm}
          loading={status === 'placing'}
          disabled={!cart.length || short > 0}
          aria-describedby={short > 0 ? 'checkout-short' : undefined}
        />
      </div>
    </GiftFlowLayout>
  );
}

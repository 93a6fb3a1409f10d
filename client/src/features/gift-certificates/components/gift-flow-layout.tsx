import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { useLeavePageWarning } from '../../../components/dialogs/use-leave-page-warning';
import { $cart, $giftFlowDirty, cartQuantity } from '../model/cart-store';
import '../gift-certificates.css';

/** Every gift-certificate page: its heading, the cart count, and the leave-page warning while the cart is dirty. */
export function GiftFlowLayout({ title, children }: { title: string; children: ReactNode }) {
  const [dirty, cart] = useUnit([$giftFlowDirty, $cart]);
  useLeavePageWarning(dirty);
  return (
    <section className="gift-flow" aria-labelledby="gift-flow-title">
      <h1 id="gift-flow-title">{title}</h1>
      <p className="gift-flow__cart-count" data-testid="cart-count">
        {cartQuantity(cart)} of 5 certificates in your cart
      </p>
      {children}
    </section>
  );
}

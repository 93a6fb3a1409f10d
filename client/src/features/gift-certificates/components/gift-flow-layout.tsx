import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { $cart, cartQuantity } from '../model/cart-store';
import '../gift-certificates.css';

/**
 * Every gift-certificate page: its heading and the cart count. The cart is saved in storage and survives leaving, a
 * reload and a closed tab, so leaving with a cart asks nothing (the warning would say it is lost; `$giftFlowDirty`
 * still says whether the cart holds something). What leaving loses is a gift being written: the buy page warns for it.
 * Sign-out empties the cart, as the spec's sign-out does, without asking.
 */
export function GiftFlowLayout({ title, children }: { title: string; children: ReactNode }) {
  const cart = useUnit($cart);
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

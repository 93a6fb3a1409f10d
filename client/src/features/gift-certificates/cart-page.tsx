import { useUnit } from 'effector-react';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { useLocation } from 'wouter';
import { formatDollars, formatPoints } from '../../lib/format';
import { $availableCerts, $cart, $termsAndConditions, cartItemFieldUpdated, cartQuantity, MAX_QUANTITY_PER_CART, removedFromCart } from './model/cart-store';
import { CardArtSummary } from './components/card-art-picker';
import { GiftFlowLayout } from './components/gift-flow-layout';
import { giftPaths } from './gift-paths';
import { cartTotal } from './cart-total';
import { useGiftCardArt } from './components/use-gift-card-art';
import { useGiftCategories } from './components/use-gift-categories';

/** The cart: change quantities, remove lines, go on to checkout. */
export default function GiftCartPage() {
  useGiftCategories();
  const [cart, categories, terms] = useUnit([$cart, $availableCerts, $termsAndConditions]);
  const { byId: artById } = useGiftCardArt();
  const [, navigate] = useLocation();
  const nameOf = (code: string) => categories.find((c) => c.certificateCategoryCode === code)?.certificateCategoryName ?? code;
  const count = cartQuantity(cart);
  return (
    <GiftFlowLayout title="Your Cart">
      {!cart.length ? (
        <p>Your cart is empty.</p>
      ) : (
        <ul className="gift-cart" data-testid="cart-lines">
          {cart.map((c) => (
            <li key={c.feID} className="gift-cart__line">
              <span>
                {formatDollars(c.amount ?? 0)} {nameOf(c.certificateCategoryCode)}
                {c.isGift ? ` · gift for ${c.recipientName}` : ''}
              </span>
              <CardArtSummary art={c.selectedCardArt ? artById[c.selectedCardArt] : null} />
              <label htmlFor={`qty-${c.feID}`}>Quantity</label>
              <InputNumber
                inputId={`qty-${c.feID}`}
                value={c.quantity}
                min={1}
                max={MAX_QUANTITY_PER_CART - count + c.quantity}
                showButtons
                onValueChange={(e) => cartItemFieldUpdated({ feID: c.feID, field: 'quantity', value: e.value ?? 1 })}
              />
              <Button label="REMOVE" text onClick={() => removedFromCart(c.feID)} aria-label={`Remove ${nameOf(c.certificateCategoryCode)}`} />
              {terms[c.certificateCategoryCode] && <small className="gift-cart__terms">{terms[c.certificateCategoryCode]}</small>}
            </li>
          ))}
        </ul>
      )}
      <p data-testid="cart-total">Total: {formatPoints(cartTotal(cart, categories))} points</p>
      <div className="gift-form__actions">
        <Button label="ADD ANOTHER" outlined onClick={() => navigate(giftPaths.landing)} disabled={count >= MAX_QUANTITY_PER_CART} />
        <Button label="CHECKOUT" onClick={() => navigate(giftPaths.checkout)} disabled={!cart.length} />
      </div>
    </GiftFlowLayout>
  );
}

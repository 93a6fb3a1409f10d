import { sessionEnded } from '../../../../client/src/session/session-events';
import {
  $availableCerts,
  $cart,
  $draft,
  $giftFlowDirty,
  $nextUrl,
  $termsAndConditions,
  addedToCart,
  availableCertsSet,
  cartCleared,
  cartItemFieldUpdated,
  draftCleared,
  draftFieldUpdated,
  dirtyOverridden,
  emptyDraft,
  leftText,
  nextUrlSet,
  removedFromCart,
  stockProblem,
} from '../../../../client/src/features/gift-certificates/model/cart-store';
import type { GiftCategory } from '../../../../client/src/features/gift-certificates/api/gift-types';

const category = (code: string, firstAmount: number): GiftCategory => ({
  certificateCategoryCode: code,
  certificateCategoryName: code,
  certificateCategoryDesc: '',
  termsAndConditions: `terms of ${code}`,
  cardArtId: null,
  variants: [{ amount: firstAmount, purchasePrice: firstAmount * 10 }],
});
const line = (quantity = 1) => ({ ...emptyDraft(), certificateCategoryCode: 'A', certificateCategoryId: 'A', amount: 25, quantity });

describe('the gift-certificate cart store', () => {
  afterEach(() => sessionEnded());

  it('sorts available certificates by their first variant and keys terms by category code', () => {
    availableCertsSet([category('B', 100), category('A', 25), category('C', 50)]);
    expect($availableCerts.getState().map((c) => c.certificateCategoryCode)).toEqual(['A', 'C', 'B']);
    expect($termsAndConditions.getState()).toEqual({ A: 'terms of A', B: 'terms of B', C: 'terms of C' });
  });

  it('starts a draft at quantity 1, not a gift; updates its fields; clearing it issues a new feID', () => {
    const first = $draft.getState();
    expect(first).toMatchObject({ quantity: 1, isGift: false, recipientName: '' });
    draftFieldUpdated({ field: 'recipientName', value: 'Robin' });
    expect($draft.getState()).toMatchObject({ feID: first.feID, recipientName: 'Robin' });
    draftCleared();
    expect($draft.getState().feID).not.toBe(first.feID);
    expect($draft.getState().recipientName).toBe('');
  });

  it('adds, updates by feID and removes by feID, persisting under localStorage "cart"', () => {
    const a = line(2);
    const b = line(1);
    addedToCart(a);
    addedToCart(b);
    cartItemFieldUpdated({ feID: b.feID, field: 'isGift', value: true });
    expect($cart.getState().map((c) => [c.feID, c.quantity, c.isGift])).toEqual([
      [a.feID, 2, false],
      [b.feID, 1, true],
    ]);
    expect(JSON.parse(localStorage.getItem('cart')!)).toHaveLength(2);
    removedFromCart(a.feID);
    expect($cart.getState().map((c) => c.feID)).toEqual([b.feID]);
    cartCleared();
    expect($cart.getState()).toEqual([]);
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('never holds more than 5 certificates', () => {
    const a = line(4);
    addedToCart(a);
    addedToCart(line(2));
    expect($cart.getState()).toHaveLength(1);
    cartItemFieldUpdated({ feID: a.feID, field: 'quantity', value: 6 });
    expect($cart.getState()[0].quantity).toBe(4);
    addedToCart(line(1));
    expect($cart.getState().reduce((n, c) => n + c.quantity, 0)).toBe(5);
  });

  it('is dirty while the cart holds something unless overridden, and forgets cart and next URL on sign-out', () => {
    expect($giftFlowDirty.getState()).toBe(false);
    addedToCart(line());
    expect($giftFlowDirty.getState()).toBe(true);
    dirtyOverridden(true);
    expect($giftFlowDirty.getState()).toBe(false);
    nextUrlSet('/home');
    nextUrlSet('//evil.example');
    expect($nextUrl.getState()).toBeNull();
    nextUrlSet('/home');
    expect($nextUrl.getState()).toBe('/home');
    sessionEnded();
    expect($cart.getState()).toEqual([]);
    expect($nextUrl.getState()).toBeNull();
  });
});

describe("a category's stock in the shop (totalUseable)", () => {
  const limited = (left: number | null | undefined) => ({ ...category('A', 25), certificateCategoryName: 'Spa Day', left });

  it('says how many are left only when a limit is set', () => {
    expect(leftText(limited(3))).toBe('Only 3 left');
    expect(leftText(limited(null))).toBeNull();
    expect(leftText(limited(undefined))).toBeNull();
  });

  it('refuses more than are left, counting what the cart already holds of the category', () => {
    expect(stockProblem(limited(3), [line(1)], 2)).toBeNull();
    expect(stockProblem(limited(3), [line(2)], 2)).toBe('Only 3 Spa Day certificates are left; your cart already holds 2.');
    expect(stockProblem(limited(1), [], 2)).toBe('Only 1 Spa Day certificate is left.');
    // Another category's lines do not count against it, and no limit never refuses.
    expect(stockProblem(limited(1), [{ ...line(4), certificateCategoryCode: 'B' }], 1)).toBeNull();
    expect(stockProblem(limited(null), [line(4)], 5)).toBeNull();
  });
});

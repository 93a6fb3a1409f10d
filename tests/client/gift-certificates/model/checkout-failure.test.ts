import { checkoutFailure } from '../../../../client/src/features/gift-certificates/model/checkout-failure';
import { ApiError, type Problem } from '../../../../client/src/lib/problem';

const refused = (slug: string, detail: string, errors?: Problem['errors']) =>
  new ApiError(409, { type: `https://rewards.example/problems/${slug}`, status: 409, detail, errors }, '/api/rest/participants/7/gift-certificates/orders');

describe('what the checkout says when an order is refused', () => {
  it('says the points are short', () => {
    expect(checkoutFailure(refused('insufficient-points', 'This order costs 500 points'))).toEqual({
      message: 'You do not have enough points for this order.',
      newCheckout: false,
    });
  });

  it('says how many are left when a category sold out first (it said "not enough points")', () => {
    const e = refused('conflict', 'only 2 Spa Day certificates left', [{ path: 'body.items.0.quantity', message: 'only 2 Spa Day certificates left' }]);
    expect(checkoutFailure(e)).toEqual({ message: 'Only 2 Spa Day certificates left. Change your cart and try again.', newCheckout: false });
  });

  it('starts a new checkout when this one was given up on and its certificates put back on sale', () => {
    const e = refused('conflict', 'This checkout was given up on', [{ path: 'body.clientOrderId', message: 'This checkout was given up on' }]);
    expect(checkoutFailure(e)).toEqual({
      message: 'This checkout was cancelled before it finished and nothing was spent. Place the order again.',
      newCheckout: true,
    });
  });

  it('passes anything else on as it was said', () => {
    expect(checkoutFailure(new Error('Network down'))).toEqual({ message: 'Network down', newCheckout: false });
    expect(checkoutFailure('?')).toEqual({ message: 'An unknown error occurred', newCheckout: false });
  });
});

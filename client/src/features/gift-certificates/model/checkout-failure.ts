import { ApiError } from '../../../lib/problem';

/** What the checkout says when an order is refused, and whether the next try must be a new checkout. */
export function checkoutFailure(e: unknown): { message: string; newCheckout: boolean } {
  if (e instanceof ApiError && e.slug === 'insufficient-points') return { message: 'You do not have enough points for this order.', newCheckout: false };
  if (e instanceof ApiError && e.slug === 'conflict' && e.problem?.errors?.[0]?.path === 'body.clientOrderId')
    // The checkout waited so long its reserved certificates went back on sale: nothing was spent, a new try is a new order.
    return { message: 'This checkout was cancelled before it finished and nothing was spent. Place the order again.', newCheckout: true };
  if (e instanceof ApiError && e.slug === 'conflict' && e.problem?.errors?.length)
    // Someone bought the last ones first: "only 2 … left", said as a sentence.
    return { message: `${e.message.charAt(0).toUpperCase()}${e.message.slice(1)}. Change your cart and try again.`, newCheckout: false };
  return { message: e instanceof Error ? e.message : 'An unknown error occurred', newCheckout: false };
}

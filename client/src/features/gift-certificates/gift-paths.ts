/** The gift-certificate flow's routes (member spec section 2). */
export const giftPaths = {
  landing: '/gift-certificates/landing',
  buy: '/gift-certificates/buy',
  cart: '/gift-certificates/cart',
  checkout: '/gift-certificates/checkout',
} as const;

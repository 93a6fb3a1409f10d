import type { GiftCategory, GiftCertificate } from './api/gift-types';

/** Points the cart costs at the catalogue's prices (a line whose variant is gone counts nothing; the server decides). */
export const cartTotal = (cart: readonly GiftCertificate[], categories: readonly GiftCategory[]) =>
  cart.reduce((sum, c) => {
    const variant = categories.find((k) => k.certificateCategoryCode === c.certificateCategoryCode)?.variants.find((v) => v.amount === c.amount);
    return sum + (variant ? variant.purchasePrice * c.quantity : 0);
  }, 0);

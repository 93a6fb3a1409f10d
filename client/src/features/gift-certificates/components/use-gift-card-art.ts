import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { $giftCardArt, giftCardArtRequested } from '../model/card-art-store';
import { $availableCerts } from '../model/cart-store';

/** The gift card art store, asked for the art of every category the catalogue lists (read again when one is added). */
export function useGiftCardArt() {
  const [art, categories] = useUnit([$giftCardArt, $availableCerts]);
  const codes = categories.map((c) => c.certificateCategoryCode).join(',');
  useEffect(() => {
    // Until the catalogue arrives there is no category to read art for, and nothing to buy.
    if (codes) giftCardArtRequested(codes.split(','));
  }, [codes]);
  return art;
}

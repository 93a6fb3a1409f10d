import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { listGiftCategories } from '../api/gift-api';
import { $availableCerts, availableCertsSet } from '../model/cart-store';

/** The available certificates, fetched once per page visit; failures are logged by the API client. */
export function useGiftCategories() {
  const categories = useUnit($availableCerts);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>(categories.length ? 'ready' : 'loading');
  useEffect(() => {
    let live = true;
    listGiftCategories()
      .then((list) => {
        availableCertsSet(list);
        if (live) setState('ready');
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
  }, []);
  return { categories, state };
}

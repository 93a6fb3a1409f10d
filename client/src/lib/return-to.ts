// Where to go after signing in or joining, when a page a signed-out visitor opened asked for it (the gift claim link).
// Kept in sessionStorage for this tab, taken once, and only ever a path of this site.
const KEY = 'returnTo';

export const rememberReturnTo = (path: string, storage: Pick<Storage, 'setItem'> = sessionStorage): void => {
  if (path.startsWith('/') && !path.startsWith('//')) storage.setItem(KEY, path);
};

export const takeReturnTo = (storage: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage): string | null => {
  const path = storage.getItem(KEY);
  storage.removeItem(KEY);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
};

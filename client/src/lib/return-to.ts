// Where to go after signing in or joining, when a page a signed-out visitor opened asked for it (the gift claim link).
// Kept in sessionStorage for this tab, taken once, and only ever a path of this site.
const KEY = 'returnTo';

/** A path of this site: one leading slash; `//host` and `/\host` are other sites to a browser. */
const isSamePath = (path: string): boolean => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

export const rememberReturnTo = (path: string, storage: Pick<Storage, 'setItem'> = sessionStorage): void => {
  if (isSamePath(path)) storage.setItem(KEY, path);
};

export const takeReturnTo = (storage: Pick<Storage, 'getItem' | 'removeItem'> = sessionStorage): string | null => {
  const path = storage.getItem(KEY);
  storage.removeItem(KEY);
  return path && isSamePath(path) ? path : null;
};

// Where to go after signing in or joining, when a page a signed-out visitor opened asked for it (the gift claim link).
// Kept in sessionStorage for this tab until a sign-in has gone there, and only ever a path of this site.
const KEY = 'returnTo';

/** A path of this site: one leading slash; `//host` and `/\host` are other sites to a browser. */
const isSamePath = (path: string): boolean => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

export const rememberReturnTo = (path: string, storage: Pick<Storage, 'setItem'> = sessionStorage): void => {
  if (isSamePath(path)) storage.setItem(KEY, path);
};

/**
 * The path asked for, left in place: a render may read it. Reading and removing it in one step lost it when React threw
 * a render away (the member chrome's code still loading at sign-in suspends the first render) and rendered again.
 */
export const peekReturnTo = (storage: Pick<Storage, 'getItem'> = sessionStorage): string | null => {
  const path = storage.getItem(KEY);
  return path && isSamePath(path) ? path : null;
};

/** Once the redirect to it is committed: the next sign-in on this tab starts at /home. */
export const forgetReturnTo = (storage: Pick<Storage, 'removeItem'> = sessionStorage): void => storage.removeItem(KEY);

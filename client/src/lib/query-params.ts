import { carriedParams, trackedParams, type TrackedParam } from '../config/query-params';

export type TrackedQuery = Partial<Record<TrackedParam, string>>;

export const readTrackedParams = (search: string): TrackedQuery => {
  const params = new URLSearchParams(search);
  const out: TrackedQuery = {};
  for (const name of trackedParams) {
    const value = params.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
};

/** A marketing link's utm_id names its direct-response campaign when it is a campaign id (a whole number). */
export const campaignIdOf = (utmId: string | undefined): number | undefined => (utmId && /^[1-9]\d{0,15}$/.test(utmId) ? Number(utmId) : undefined);

/** `hide=header,footer` as two flags. */
export const hiddenChrome = (search: string) => {
  const parts = (new URLSearchParams(search).get('hide') ?? '').split(',').map((p) => p.trim().toLowerCase());
  return { header: parts.includes('header'), footer: parts.includes('footer') };
};

/** The campaign of `utm_campaign`, uppercased; null when absent. */
export const campaignOf = (search: string): string | null => {
  const value = new URLSearchParams(search).get('utm_campaign')?.trim();
  return value ? value.toUpperCase() : null;
};

/**
 * An internal link keeps the carried parameters of the current page unless it sets them itself.
 * External links, and links to other origins, are left alone.
 */
export const carryQuery = (to: string, currentSearch: string): string => {
  if (!to.startsWith('/') || to.startsWith('//')) return to;
  const current = new URLSearchParams(currentSearch);
  const hashAt = to.indexOf('#');
  const hash = hashAt >= 0 ? to.slice(hashAt) : '';
  const withoutHash = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const next = new URLSearchParams(queryAt >= 0 ? withoutHash.slice(queryAt + 1) : '');
  let changed = false;
  for (const name of carriedParams) {
    const value = current.get(name);
    if (value !== null && !next.has(name)) {
      next.set(name, value);
      changed = true;
    }
  }
  if (!changed) return to;
  return `${path}?${next.toString()}${hash}`;
};

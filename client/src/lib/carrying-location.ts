import { useCallback } from 'react';
import type { BaseLocationHook } from 'wouter';
import { useBrowserLocation, useSearch } from 'wouter/use-browser-location';
import { carryQuery } from './query-params';

/** The browser location, whose navigation carries the landing query parameters to the next page. */
export const useCarryingLocation: BaseLocationHook = (options?: { ssrPath?: string }) => {
  const [location, navigate] = useBrowserLocation(options);
  // Subscribing to the query too re-renders every Link when only the query changes, so the hrefs below stay current.
  useSearch();
  const carrying = useCallback(
    (to: string, opts?: { replace?: boolean; state?: unknown }) => navigate(carryQuery(to, window.location.search), opts),
    [navigate],
  );
  return [location, carrying];
};

/**
 * Each Link's href shows where it really goes, carried parameters included, so "open in a new tab", copying the
 * link and a screen reader's announcement agree with a plain click.
 */
useCarryingLocation.hrefs = (href: string) => carryQuery(href, window.location.search);

import { useCallback } from 'react';
import type { BaseLocationHook } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { carryQuery } from './query-params';

/** The browser location, whose navigation carries the landing query parameters to the next page. */
export const useCarryingLocation: BaseLocationHook = (options?: { ssrPath?: string }) => {
  const [location, navigate] = useBrowserLocation(options);
  const carrying = useCallback(
    (to: string, opts?: { replace?: boolean; state?: unknown }) => navigate(carryQuery(to, window.location.search), opts),
    [navigate],
  );
  return [location, carrying];
};

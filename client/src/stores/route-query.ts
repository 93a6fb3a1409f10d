import { createEvent, createStore } from 'effector';
import { readTrackedParams, type TrackedQuery } from '../lib/query-params';

/** Fired on every route change with the new query string. */
export const routeChanged = createEvent<{ path: string; search: string }>();

/** The landing parameters (utm_id, refCode, token, ...) as of the current route. */
export const $trackedQuery = createStore<TrackedQuery>({}).on(routeChanged, (_, { search }) => readTrackedParams(search));

export const redirectBypassMarked = createEvent();
export const redirectBypassReset = createEvent();
/** While marked as run, the legacy-path redirect to /wallet is suppressed. */
export const $redirectBypass = createStore(false)
  .on(redirectBypassMarked, () => true)
  .reset(redirectBypassReset);

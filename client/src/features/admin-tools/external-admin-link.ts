import type { ExternalAdminTool } from '../../../../event-schemas/contract/programme-info';
/** GET /admin/external-admin-tool: the host prefix per portal host name, and the prefix for any other host. */
export type { ExternalAdminTool };

/** The first segment of a route's path, `root` for the root path (`/admin-tools/campaign-tool` → `admin-tools`). */
export const firstPathSegment = (path: string): string =>
  path
    .split(/[?#]/)[0]
    .split('/')
    .find((s) => s !== '') ?? 'root';

/** The prefix for the host the portal was reached on; null when the environment has no external tool. */
export const hostPrefixFor = (hostname: string, tool: ExternalAdminTool): string | null => tool.hostPrefixes[hostname.toLowerCase()] ?? tool.defaultPrefix;

/**
 * The link to the external admin tool page (admin spec): the prefix of this environment, then the route's first
 * segment, carrying the admin's token, the user and origin=refresh (the tool refreshes its session from the token).
 */
export function externalAdminLink(options: { prefix: string; path: string; token: string; user: string }): string {
  const query = new URLSearchParams({ token: options.token, user: options.user, origin: 'refresh' });
  return `${options.prefix}/${firstPathSegment(options.path)}?${query.toString()}`;
}

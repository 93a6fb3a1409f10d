// Public programme information (GET /client-config, GET /specialists), declared once: the content and specialist
// routes build them and the client reads them.

/** GET /client-config: what the browser needs before anything else. */
export interface ClientConfig {
  contentful: { space: string; accessToken: string; environment: string; local: boolean };
  siteId: string;
  redemptionDivisor: number;
  /** The programme's time zone: the client's "today" (programme-calendar.ts). */
  timeZone: string;
}

/** One practice of GET /specialists, with its distance from the postal code asked about. */
export interface Specialist {
  id: number;
  name: string;
  address: string;
  postalCode: string;
  phone: string;
  brands: string[];
  distanceMiles: number;
}
/** GET /specialists: the practices within the radius, nearest first. */
export interface SpecialistSearch {
  postalCode: string;
  radiusMiles: number;
  items: Specialist[];
}

/**
 * GET /admin/external-admin-tool: each environment's host mapped to the prefix of its own admin tool
 * (EXTERNAL_ADMIN_TOOL_HOSTS), and the prefix for any other host; neither set: no link is shown.
 */
export interface ExternalAdminTool {
  hostPrefixes: Record<string, string>;
  defaultPrefix: string | null;
}

/** GET /api/access/admin: answered only to an admin. */
export interface AdminAccessAnswer {
  admin: true;
}

/** POST /live/tickets: a short-lived ticket the live stream opens with (an EventSource sends no header). */
export interface LiveTicket {
  ticket: string;
  expiresInSeconds: number;
}

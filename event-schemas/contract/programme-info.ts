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

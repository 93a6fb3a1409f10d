import { api } from './api';
import { adoptProgrammeTimeZone } from './programme-calendar';

export interface ClientConfig {
  contentful: { space: string; accessToken: string; environment: string; local: boolean };
  siteId: string;
  redemptionDivisor: number;
  /** The programme's time zone: the client's "today" (programme-calendar.ts). */
  timeZone: string;
}

let loading: Promise<ClientConfig> | null = null;

/** Read once per page load; a failure is forgotten so the next caller retries. */
export const loadClientConfig = (): Promise<ClientConfig> => {
  loading ??= api.get<ClientConfig>('/api/rest/client-config').then(
    (config) => {
      adoptProgrammeTimeZone(config.timeZone);
      return config;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
};

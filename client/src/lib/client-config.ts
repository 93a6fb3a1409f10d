import { api } from './api';

export interface ClientConfig {
  contentful: { space: string; accessToken: string; environment: string; local: boolean };
  siteId: string;
  redemptionDivisor: number;
}

let loading: Promise<ClientConfig> | null = null;

/** Read once per page load; a failure is forgotten so the next caller retries. */
export const loadClientConfig = (): Promise<ClientConfig> => {
  loading ??= api.get<ClientConfig>('/api/rest/client-config').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
};

import type { ClientConfig } from '../../../event-schemas/contract/programme-info';
import { api } from './api';
import { adoptProgrammeTimeZone } from './programme-calendar';

export type { ClientConfig };

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

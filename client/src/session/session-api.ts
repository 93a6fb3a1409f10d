import type { ApiClient } from '../lib/api';
import type { SessionToken } from '../../../event-schemas/contract/session';
import type { Credentials, LoginAnswer } from './types';

export interface SessionApi {
  /** True only for a 200 answer. */
  keepalive(token: string): Promise<boolean>;
  login(credentials: Credentials): Promise<LoginAnswer>;
  logout(token: string): Promise<void>;
  /** Ends impersonation and signs the admin back in with the session the server hands back. */
  endImpersonation(token: string): Promise<LoginAnswer>;
}

export const createSessionApi = (api: ApiClient): SessionApi => ({
  async keepalive(token) {
    const response = await api.send('GET', '/api/rest/authenticate/keepalive', { token });
    return response.status === 200;
  },
  login: (credentials) => api.post<LoginAnswer>('/api/rest/authenticate/login', credentials, { token: null, quiet: true }),
  logout: (token) => api.post<void>('/api/rest/authenticate/logout', { authToken: token }, { token }),
  async endImpersonation(token) {
    const { authToken } = await api.post<SessionToken>('/api/rest/authenticate/endImpersonate', undefined, { token });
    return api.post<LoginAnswer>('/api/rest/authenticate/login', undefined, { token: null, query: { jwt: authToken } });
  },
});

import type { MessagePreferences, UnsubscribeStatus } from '../../../../../event-schemas/contract/contacts';
import { api } from '../../../lib/api';

export type { MessagePreferences };

const UNSUBSCRIBE = '/api/rest/messages/unsubscribe';
const path = (paxId: number) => `/api/rest/participants/${paxId}/message-preferences`;

export const messagePreferencesApi = {
  load: (paxId: number) => api.get<MessagePreferences>(path(paxId)),
  save: (paxId: number, preferences: MessagePreferences) => api.put<MessagePreferences>(path(paxId), preferences, { quiet: true }),
  /** The unsubscribe link's page: no sign-in, the signed token speaks for the member. */
  unsubscribeStatus: (token: string) => api.get<UnsubscribeStatus>(UNSUBSCRIBE, { query: { token }, token: null, quiet: true }),
  unsubscribe: (token: string) => api.post<MessagePreferences>(UNSUBSCRIBE, {}, { query: { token }, token: null, quiet: true }),
};

import { api } from '../../../lib/api';

/** Everything the programme holds about the member, as the server's export document (GET /participants/{paxId}/export). */
export const exportApi = {
  download: async (paxId: number): Promise<Blob> => {
    const text = JSON.stringify(await api.get<unknown>(`/api/rest/participants/${paxId}/export`), null, 2);
    return new Blob([text], { type: 'application/json' });
  },
};

import { api } from '../../../lib/api';

export type LinkState = 'ready' | 'already-confirmed' | 'expired' | 'invalid';

export interface TreatmentToConfirm {
  treatmentId: string;
  dateOfService: string;
  practiceName: string | null;
  hcpName: string;
  products: { name: string; quantity: number }[];
  expectedPoints: number;
  status: string;
}

export interface ConfirmationView {
  link: LinkState;
  treatment?: TreatmentToConfirm;
}

// No session: the single-use token in the link is the proof, so these calls send no auth token.
export const confirmationApi = {
  read: (treatmentId: string, token: string) =>
    api.get<ConfirmationView>(`/api/rest/treatments/${encodeURIComponent(treatmentId)}/confirmation`, { query: { token }, token: null }),
  confirm: (treatmentId: string, token: string) =>
    api.post<{ treatmentId: string; status: string }>(
      `/api/rest/treatments/${encodeURIComponent(treatmentId)}/confirm`,
      { token },
      { token: null, quiet: true },
    ),
};

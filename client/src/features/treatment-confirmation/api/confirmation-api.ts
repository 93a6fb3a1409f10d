import type {
  ConfirmationBody,
  ConfirmationView,
  LinkState,
  TreatmentConfirmed,
  TreatmentToConfirm,
} from '../../../../../event-schemas/contract/treatment-confirmation';
import { api } from '../../../lib/api';

export type { ConfirmationView, LinkState, TreatmentToConfirm };

// No session: the single-use token in the link is the proof, so these calls send no auth token.
export const confirmationApi = {
  read: (treatmentId: string, token: string) =>
    api.get<ConfirmationView>(`/api/rest/treatments/${encodeURIComponent(treatmentId)}/confirmation`, { query: { token }, token: null }),
  confirm: (treatmentId: string, token: string) =>
    api.post<TreatmentConfirmed>(`/api/rest/treatments/${encodeURIComponent(treatmentId)}/confirm`, { token } satisfies ConfirmationBody, {
      token: null,
      quiet: true,
    }),
};

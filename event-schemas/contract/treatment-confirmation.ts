// A patient's confirmation of a financed treatment (GET /treatments/{id}/confirmation, POST /treatments/{id}/confirm),
// declared once: the treatment routes build them and the confirmation page reads and sends them.

/** What a confirmation link can do right now, as its page says it. */
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

/** GET /treatments/{id}/confirmation: the link, and the treatment while the link is usable or after it was used. */
export interface ConfirmationView {
  link: LinkState;
  treatment?: TreatmentToConfirm;
}

/** The body of POST /treatments/{id}/confirm: the single-use token of the link. */
export interface ConfirmationBody {
  token: string;
}

/** Its answer: the treatment and its status after the confirmation. */
export interface TreatmentConfirmed {
  treatmentId: string;
  status: string;
}

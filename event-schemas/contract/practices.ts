// The practice side's calls (CONTRACT.md, "Practices"), declared once: the server's routes answer them and the
// practice screens read them.

export interface Patient {
  paxId: number;
  firstName: string;
  lastInitial: string;
  memberCode: string;
  city: string;
}
export interface PatientCertificate {
  code: string;
  name: string;
  amount: number;
  status: string;
  category: string;
  activationDate: string | null;
  expirationDate: string;
}
/** POST /practice/patients/{paxId}/checkout-check: a certificate as the ticket sees it. */
export interface TicketCertificate extends PatientCertificate {
  chosen: boolean;
  applies: boolean;
  /** Why it cannot be used on this ticket, each rule's own sentence; empty when it applies. */
  reasons: string[];
  note: string | null;
}
export interface TicketCheck {
  expectedPoints: number;
  certificates: TicketCertificate[];
}
export interface Product {
  id: number;
  name: string;
  category: 'TREATMENT' | 'PARTNER';
  brand: string;
  pointsPerUnit: number;
}
export interface PracticeTreatment {
  treatmentId: string;
  externalId: string;
  paxId: number;
  dateOfService: string;
  status: string;
  expectedPoints: number;
  pointsAwarded: number | null;
  pointsReversed: number | null;
  redeemedCertificateCodes: string[];
}
export interface Recorded {
  treatmentId: string;
  status: string;
  expectedPoints: number;
  position: string;
}
export interface Voided {
  treatmentId: string;
  status: 'VOIDED';
  pointsReversed: number;
  certificatesReinstated: string[];
  /** Promotion certificates the treatment had earned, revoked unused. */
  certificatesRevoked: string[];
  /** Promotion certificates it had earned that were already used: their value is owed by the member. */
  certificatesOwed: { code: string; amount: number }[];
  position: string;
}
export interface Statement {
  practiceId: number;
  month: string;
  treatmentsRecorded: number;
  treatmentsVoided: number;
  certificates: { category: string; count: number; value: number }[];
  reimbursementTotal: number;
  items: { treatmentId: string; dateOfService: string; certificateCode: string; category: string; value: number; voided: boolean }[];
  /** The programme's payment of this month, once recorded (only for a month that has ended); null until then. */
  reimbursed: Reimbursement | null;
}
export interface Reimbursement {
  amount: number;
  reference: string;
  paidAt: string;
}
/** GET /admin/practice-statements: every practice's statement for a month, as one line each. */
export interface StatementsOverview {
  month: string;
  /** True once the month has ended: its figures are final and may be reimbursed. */
  ended: boolean;
  items: {
    practiceId: number;
    name: string;
    treatmentsRecorded: number;
    treatmentsVoided: number;
    reimbursementTotal: number;
    reimbursed: Reimbursement | null;
  }[];
  reimbursementTotal: number;
}
export interface StaffMember {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: 'PRACTICE_ADMIN' | 'FRONT_DESK';
  status: 'INVITED' | 'ACTIVE' | 'REMOVED';
}

/** GET /practice/patients. */
export interface PatientMatches {
  items: Patient[];
}
/** GET /practice/patients/{paxId}/certificates. */
export interface PatientCertificates {
  items: PatientCertificate[];
}
/** GET /practice/treatments. */
export interface PracticeTreatmentPage {
  items: PracticeTreatment[];
  page: number;
  size: number;
  totalElements: number;
}
/** GET /practice/api-keys: a key's label and dates, never the key. */
export interface PracticeKey {
  apiKeyId: number;
  label: string;
  createdAt: string;
  revokedAt: string | null;
}
/** POST /practice/api-keys: the only time the key is shown. */
export interface IssuedKey {
  apiKey: string;
  apiKeyId: number;
}

import type { Campaign } from './campaign';

export interface PatientOfferFacts {
  campaign: Campaign;
  /** The programme date the member's treatment was processed on, YYYY-MM-DD. */
  treatedOn: string;
  /** Whether the member belongs to the campaign's group (true when it targets everyone). */
  inGroup: boolean;
}

/**
 * Pure: whether a processed treatment earns the member a patient-event campaign's offer. The campaign must be an
 * ACTIVE patient event with an offer to give (a category and an amount), its window must cover the date the treatment
 * was processed (not the date a replay reads it), and the member must be in its group. "Once per member and campaign"
 * is not decided here: the offer's stream is named by (campaign, member), so a second issue cannot be written.
 */
export function patientOfferDue(f: PatientOfferFacts): boolean {
  const c = f.campaign;
  if (!c.isPatientEvent || c.statusTypeCode !== 'ACTIVE') return false;
  if (c.certificateCategoryCode === null || c.certificateAmount === null) return false;
  if ((c.fromDate !== null && f.treatedOn < c.fromDate) || (c.thruDate !== null && f.treatedOn > c.thruDate)) return false;
  return f.inGroup;
}

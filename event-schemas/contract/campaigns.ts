// The campaign tool's wire shapes (GET/POST/PUT /dr-campaigns, /dr-campaigns/offer-counts), declared once: the
// campaign repository builds them and the campaign tool reads and sends them (issue 29: the client restates no shape).

export type CampaignStatus = 'DRAFT' | 'ACTIVE' | 'ENDED';

/** The admin spec's campaign record, as every admin campaign route answers it. */
export interface Campaign {
  id: number;
  campaignName: string;
  statusTypeCode: CampaignStatus;
  mkCode: string | null;
  fromDate: string | null;
  thruDate: string | null;
  certificateCategoryCode: string | null;
  certificateAmount: number | null;
  allowReissuance: boolean;
  daysBeforeExpirationToSendReminder: number | null;
  loginNotificationRequired: boolean;
  createAccountTemplateId: string | null;
  expirationReminderTemplateId: string | null;
  newMemberTemplateId: string | null;
  existingMemberTemplateId: string | null;
  isPatientEvent: boolean;
  groupId: number | null;
}

/** The body of POST /dr-campaigns and PUT /dr-campaigns/{id}: every field of the record but its id. */
export type CampaignFields = Omit<Campaign, 'id'>;

/** What a member sees of a live campaign (member spec, "Direct-response campaign"). */
export type MemberCampaign = Pick<Campaign, 'id' | 'allowReissuance' | 'fromDate' | 'thruDate' | 'loginNotificationRequired'>;

/** One row of GET /dr-campaigns/offer-counts. */
export interface CampaignOfferCounts {
  campaignId: number;
  /** Offer certificates written for the campaign, however they came. */
  issued: number;
  /** Of those, claimed by a member signing in through the campaign's marketing link. */
  claimed: number;
  /** Of those, issued because a treatment of the member was processed (patient events). */
  patientEvents: number;
  /** Expiration reminders written to the outbox for the campaign's offers. */
  reminded: number;
}

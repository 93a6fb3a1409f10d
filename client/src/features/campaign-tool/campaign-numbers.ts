import { amountError, AMOUNT_BOUNDS, formatAmount, isAboveUsual } from '../../../../event-schemas/contract/amount-bounds';
import type { CampaignDraft } from './model';

type NumberField = 'certificateAmount' | 'daysBeforeExpirationToSendReminder';

/**
 * The campaign's numbers the server would refuse, in its words. A non-number is NaN here: sent, it would become JSON
 * null, which the server takes as "no amount", so the form must refuse it itself rather than let it go blank.
 */
export const campaignNumberErrors = (d: Pick<CampaignDraft, NumberField>): Partial<Record<NumberField, string>> => {
  const out: Partial<Record<NumberField, string>> = {};
  const amount = amountError('campaignOfferAmount', d.certificateAmount);
  if (amount) out.certificateAmount = amount;
  const days = d.daysBeforeExpirationToSendReminder;
  if (days !== null && !(Number.isInteger(days) && days >= 0 && days <= 3650))
    out.daysBeforeExpirationToSendReminder = 'must be a whole number of days from 0 to 3650';
  return out;
};

/** The second confirmation's words when the offer is far above the usual, or null. */
export const unusualOffer = (d: Pick<CampaignDraft, 'certificateAmount'>): string | null =>
  isAboveUsual('campaignOfferAmount', d.certificateAmount)
    ? `Each member who claims this offer gets a ${formatAmount('campaignOfferAmount', d.certificateAmount ?? 0)} certificate (usually at most ${formatAmount('campaignOfferAmount', AMOUNT_BOUNDS.campaignOfferAmount.usual)}). Save it?`
    : null;

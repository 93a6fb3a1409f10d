import * as t from 'io-ts';
import { addYearsRollingLeapDay, utcDateOf } from './calendar';
import { defineEvent, type Upcaster } from './define-event';
import { ERASED_TEXT } from './erased';
import { IsoDate, PaxId, PositiveInteger } from './primitives';

export const AwardSource = t.keyof({ ADMIN: null, TREATMENT: null, PARTNER: null, SURVEY: null, PROMOTION: null, REFERRAL: null, BONUS: null });
export type AwardSource = t.TypeOf<typeof AwardSource>;

/**
 * Points credited to a member as one lot that expires on `expirationDate`.
 * v1 (before lots existed) had only paxId, amount and description.
 */
export const PointsAwarded = defineEvent(
  'PointsAwarded',
  2,
  t.type({
    paxId: PaxId,
    lotId: t.string,
    amount: PositiveInteger,
    description: t.string,
    source: AwardSource,
    expirationDate: IsoDate,
    idempotencyKey: t.union([t.string, t.null]),
  }),
);

/**
 * v1 awards were admin awards with the programme's 12-month default expiry, counted from when they happened. The date
 * is UTC's, and Feb 29 rolls to Mar 1, as the expiry dates already projected from these events were reckoned.
 */
export const pointsAwardedV1ToV2: Upcaster = (data, metadata) => {
  return {
    ...data,
    lotId: `legacy-${String(metadata.occurredAt)}`,
    source: 'ADMIN',
    expirationDate: addYearsRollingLeapDay(utcDateOf(new Date(metadata.occurredAt)), 1),
    idempotencyKey: null,
  };
};

/** What a referral award says (server/referrals/referral-rewards.ts): it names no one, so erasing the friend leaves nothing of them here. */
export const REFERRER_DESCRIPTION = 'Referral reward: your friend completed a first treatment';
export const REFERRED_DESCRIPTION = 'Referral reward: welcome from the friend who referred you';

/**
 * Referral awards written before the wording above named the friend (`Referral reward: {first name} completed a first
 * treatment`, `Referral reward: welcome from {first name}`), in the other member's record, where erasing the friend
 * cannot reach it. The log is append-only, so they are read as the wording that names no one: every reader (deciders,
 * read models, rebuilds, the support timeline and replay, the export) decodes through here, so none shows the name.
 * Only the referral process writes REFERRAL awards, and its lot id says the side (`referral-{friend}-referrer` or
 * `-referred`), so the new text is exact. Applied at every version, since the old and new wordings share version 2;
 * an award whose key is destroyed keeps reading as erased. Answers the same object when there is nothing to change.
 */
export const referralAwardNamingNoOne = (data: Record<string, unknown>): Record<string, unknown> => {
  if (data.source !== 'REFERRAL' || data.description === ERASED_TEXT) return data;
  const wording = typeof data.lotId === 'string' && data.lotId.endsWith('-referred') ? REFERRED_DESCRIPTION : REFERRER_DESCRIPTION;
  return data.description === wording ? data : { ...data, description: wording };
};

import { decodesAsIs } from './decodes-as-is';
import { PathReporter } from 'io-ts/PathReporter';
import type { Upcaster } from './define-event';
import type { EventDefinition } from './stream-events';
import { parseStreamName } from './stream-names';
import { memberEvents, type MemberEvent } from './streams/member';
import { certificateEvents, type CertificateEvent } from './streams/certificate';
import { treatmentEvents, type TreatmentEvent } from './streams/treatment';
import { promotionEvents, type PromotionEvent } from './streams/promotion';
import { orderEvents, type OrderEvent } from './streams/order';
import { surveyEvents, type SurveyEvent } from './streams/survey';
import { stockEvents, type StockEvent } from './streams/stock';
import { enrollmentEvents, type EnrollmentEvent } from './streams/enrollment';
import { ImpersonationEnded, ImpersonationStarted } from './impersonation';
import { EventMetadata } from './metadata';
import { PointsAwarded, pointsAwardedV1ToV2, referralAwardNamingNoOne } from './points-awarded';
import { SurveySubmitted } from './survey-submitted';
import { CertificateIssued } from './certificate-issued';
import { CertificateStatusChanged } from './certificate-status-changed';
import { PointsExpired } from './points-expired';
import { PointsRedeemed } from './points-redeemed';
import { TreatmentRecorded } from './treatment-recorded';
import { TreatmentApprovalRequested, TreatmentApproved } from './treatment-approval';
import { TreatmentPointsComputed } from './treatment-points-computed';
import { TreatmentProcessed } from './treatment-processed';
import { PromotionCreated } from './promotion-created';
import { PromotionStatusChanged } from './promotion-status-changed';
export { PublishedForecast } from './promotion-status-changed';

// Adding an event: a codec file (defineEvent), its place in its stream's union (streams/), and the handlers the
// compiler then asks for in that stream's deciders and the projections that consume it. Nothing else.
export * from './metadata';
export * from './stream-names';
export { PointsAwarded, ImpersonationStarted, ImpersonationEnded };
export { REFERRED_DESCRIPTION, REFERRER_DESCRIPTION } from './points-awarded';
export { MessagePreferencesChanged } from './message-preferences-changed';
export { PointsForfeited } from './points-forfeited';
export { MemberErased } from './member-erased';
export { TermsAccepted } from './terms-accepted';
export { MarketingConsentGiven } from './marketing-consent-given';
export { SurveySubmitted };
export { PointsRedeemed, PointsExpired, CertificateIssued, CertificateStatusChanged };
export { CertificateTransferred } from './certificate-transferred';
export { CertificateRedeemedOnTreatment, CertificateRedemptionReleased } from './certificate-redeemed-on-treatment';
export { CertificateStatus, type CertificateCategoryType } from './certificate-issued';
export { GiftCertificatesPurchased, GiftOrderAbandoned, OrderPlaced, type PurchasedCertificate } from './gift-certificates';
export { CertificateStockConfirmed, CertificateStockOpened, CertificateStockReserved, CertificateStockReleased } from './certificate-stock';
export { TreatmentRecorded, TreatmentApprovalRequested, TreatmentApproved, TreatmentPointsComputed, TreatmentProcessed };
export { PromotionCreated, PromotionStatusChanged };
export { PromotionRevised, PromotionSection } from './promotion-revised';
export { PromotionAwardEarned } from './promotion-award-earned';
export { TreatmentVoided, VoidedBy } from './treatment-voided';
export { PointsReversed } from './points-reversed';
export { PromotionStatus, PromotionWebsitePage, type PromotionWebPage, type PromotionWebsite } from './promotion-created';

export { memberEvents, type MemberEvent } from './streams/member';
export { certificateEvents, type CertificateEvent } from './streams/certificate';
export { treatmentEvents, type TreatmentEvent } from './streams/treatment';
export { promotionEvents, type PromotionEvent } from './streams/promotion';
export { orderEvents, type OrderEvent } from './streams/order';
export { surveyEvents, type SurveyEvent } from './streams/survey';
export { stockEvents, type StockEvent } from './streams/stock';
export { enrollmentEvents, type EnrollmentEvent } from './streams/enrollment';

/** Every stream category's events. An event type belongs to exactly one stream. */
export const allStreamEvents = [
  memberEvents,
  certificateEvents,
  treatmentEvents,
  promotionEvents,
  orderEvents,
  surveyEvents,
  stockEvents,
  enrollmentEvents,
] as const;

/** Any event of the log: the union of the stream unions (projections read the whole log). */
export type DomainEvent = MemberEvent | CertificateEvent | TreatmentEvent | PromotionEvent | OrderEvent | SurveyEvent | StockEvent | EnrollmentEvent;
export type DomainEventType = DomainEvent['type'];
export type EventOfType<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

const definitions: readonly EventDefinition[] = allStreamEvents.flatMap((s): readonly EventDefinition[] => s.definitions);
const definitionOf = new Map<string, EventDefinition>(definitions.map((d) => [d.type, d]));
const currentVersion = new Map<string, number>(definitions.map((d) => [d.type, d.version]));

/** Upcasters per event type, keyed by the version they read. */
const upcasters: Record<string, Record<number, Upcaster>> = {
  PointsAwarded: { 1: pointsAwardedV1ToV2 },
};

/**
 * Read-time corrections applied at every version, after the upcasters: what an event of the current version, written
 * before a change of wording, must be read as (the log itself never changes).
 */
const readAs: Record<string, (data: Record<string, unknown>) => Record<string, unknown>> = {
  PointsAwarded: referralAwardNamingNoOne,
};

/**
 * The codecs whose valid values are their decoded values (decodes-as-is.ts): for them `is` answers first, and only what
 * it refuses is decoded (to name what is wrong, or to be refused). The answers are decode's, with no garbage.
 */
const metadataAsIs = decodesAsIs(EventMetadata);
const eventAsIs = new Set(definitions.filter((d) => decodesAsIs(d.codec)).map((d) => d.type));

/** The event types whose stored events are checked with `is` before any decode (a test holds this to every type). */
export const eventTypesDecodedAsIs = (): ReadonlySet<string> => eventAsIs;

export const isKnownEventType = (type: string): type is DomainEventType => currentVersion.has(type);

/** What the store holds for an event: plain JSON, always produced by the codecs here. */
export interface EncodedEvent {
  eventId: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

export type MetadataInput = Omit<EventMetadata, 'schemaVersion'>;

export const encodeEvent = (eventId: string, event: DomainEvent, metadata: MetadataInput): EncodedEvent => {
  const definition = definitionOf.get(event.type);
  if (!definition) throw new Error(`refusing to store an unknown event type ${event.type}`);
  // Checked with `is` first where that answers as decode would (see eventAsIs): the synthetic seed encodes millions.
  let valid: unknown = event;
  if (!eventAsIs.has(event.type) || !definition.codec.is(event)) {
    const checked = definition.codec.decode(event);
    if (checked._tag === 'Left') throw new Error(`refusing to store an invalid ${event.type}: ${PathReporter.report(checked).join('; ')}`);
    valid = checked.right;
  }
  const version = definition.version;
  return {
    eventId,
    type: event.type,
    data: (definition.codec.encode(valid) as { data: unknown }).data,
    metadata: EventMetadata.encode({ ...metadata, schemaVersion: version }),
  };
};

export interface DecodedEvent<E extends DomainEvent = DomainEvent> {
  event: E;
  metadata: EventMetadata;
}

const decodeMetadata = (type: string, metadata: unknown): EventMetadata => {
  if (metadataAsIs && EventMetadata.is(metadata)) return metadata;
  const meta = EventMetadata.decode(metadata);
  if (meta._tag === 'Left') throw new Error(`corrupt metadata on ${type}: ${PathReporter.report(meta).join('; ')}`);
  return meta.right;
};

/** Decodes what the store gave back, upcasting older versions first. Unknown or corrupt events throw. */
export const decodeEvent = (type: string, data: unknown, metadata: unknown): DecodedEvent => {
  const meta = decodeMetadata(type, metadata);
  const target = currentVersion.get(type);
  if (target === undefined) throw new Error(`unknown event type ${type}`);
  let version = meta.schemaVersion;
  let body = data as Record<string, unknown>;
  while (version < target) {
    const up = upcasters[type]?.[version];
    if (!up) throw new Error(`no upcaster for ${type} v${version}`);
    body = up(body, meta);
    version += 1;
  }
  const correct = readAs[type];
  if (correct) body = correct(body);
  const codec = definitionOf.get(type)!.codec;
  const candidate = { type, data: body };
  let event: unknown = candidate;
  if (!eventAsIs.has(type) || !codec.is(candidate)) {
    const decoded = codec.decode(candidate);
    if (decoded._tag === 'Left') throw new Error(`corrupt ${type}: ${PathReporter.report(decoded).join('; ')}`);
    event = decoded.right;
  }
  // Metadata already at the current version is handed on as decoded (no copy: every event read takes this path).
  const current = meta.schemaVersion === target ? meta : { ...meta, schemaVersion: target };
  return { event: event as DomainEvent, metadata: current };
};

const streamOf = new Map<string, string>(allStreamEvents.flatMap((s) => [...s.types].map((type): [string, string] => [type, s.category])));

/**
 * Decodes an event read from `streamName`, refusing one whose type belongs to another stream category: a decider
 * folds only its stream's union, so an event in the wrong stream is corruption, not something to skip.
 */
export const decodeStreamEvent = <E extends DomainEvent = DomainEvent>(streamName: string, type: string, data: unknown, metadata: unknown): DecodedEvent<E> => {
  const category = parseStreamName(streamName).category;
  const expected = streamOf.get(type);
  if (expected !== undefined && expected !== category) throw new Error(`${type} belongs to ${expected} streams, not ${streamName}`);
  return decodeEvent(type, data, metadata) as DecodedEvent<E>;
};

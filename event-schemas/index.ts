import * as t from 'io-ts';
import { PathReporter } from 'io-ts/PathReporter';
import type { Upcaster } from './define-event';
import { ImpersonationEnded, ImpersonationStarted } from './impersonation';
import { EventMetadata } from './metadata';
import { PointsAwarded, pointsAwardedV1ToV2 } from './points-awarded';
import { SurveySubmitted } from './survey-submitted';
import { CertificateIssued } from './certificate-issued';
import { CertificateStatusChanged } from './certificate-status-changed';
import { PointsExpired } from './points-expired';
import { PointsRedeemed } from './points-redeemed';
import { TreatmentRecorded } from './treatment-recorded';
import { TreatmentApprovalRequested, TreatmentApproved } from './treatment-approval';
import { TreatmentPointsComputed } from './treatment-points-computed';
import { TreatmentProcessed } from './treatment-processed';
import { GiftCertificatesPurchased, OrderPlaced } from './gift-certificates';
import { PromotionCreated } from './promotion-created';
import { PromotionStatusChanged } from './promotion-status-changed';

export * from './metadata';
export * from './stream-names';
export { PointsAwarded, ImpersonationStarted, ImpersonationEnded };
export { SurveySubmitted };
export { PointsRedeemed, PointsExpired, CertificateIssued, CertificateStatusChanged };
export { CertificateStatus, type CertificateCategoryType } from './certificate-issued';
export { GiftCertificatesPurchased, OrderPlaced, type PurchasedCertificate } from './gift-certificates';
export { TreatmentRecorded, TreatmentApprovalRequested, TreatmentApproved, TreatmentPointsComputed, TreatmentProcessed };
export { PromotionCreated, PromotionStatusChanged };
export { PromotionStatus, PromotionWebsitePage, type PromotionWebPage, type PromotionWebsite } from './promotion-created';

const definitions = [PointsAwarded, ImpersonationStarted, ImpersonationEnded, SurveySubmitted, PointsRedeemed, PointsExpired, CertificateIssued, CertificateStatusChanged, TreatmentRecorded, TreatmentApprovalRequested, TreatmentApproved, TreatmentPointsComputed, TreatmentProcessed, GiftCertificatesPurchased, OrderPlaced, PromotionCreated, PromotionStatusChanged] as const;

export const DomainEvent = t.union([PointsAwarded.codec, ImpersonationStarted.codec, ImpersonationEnded.codec, SurveySubmitted.codec, PointsRedeemed.codec, PointsExpired.codec, CertificateIssued.codec, CertificateStatusChanged.codec, TreatmentRecorded.codec, TreatmentApprovalRequested.codec, TreatmentApproved.codec, TreatmentPointsComputed.codec, TreatmentProcessed.codec, GiftCertificatesPurchased.codec, OrderPlaced.codec, PromotionCreated.codec, PromotionStatusChanged.codec]);
export type DomainEvent = t.TypeOf<typeof DomainEvent>;
export type DomainEventType = DomainEvent['type'];
export type EventOfType<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

const currentVersion = new Map<string, number>(definitions.map((d) => [d.type, d.version]));

/** Upcasters per event type, keyed by the version they read. */
const upcasters: Record<string, Record<number, Upcaster>> = {
  PointsAwarded: { 1: pointsAwardedV1ToV2 },
};

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
  const checked = DomainEvent.decode(event);
  if (checked._tag === 'Left') throw new Error(`refusing to store an invalid ${event.type}: ${PathReporter.report(checked).join('; ')}`);
  const version = currentVersion.get(event.type)!;
  return {
    eventId,
    type: event.type,
    data: DomainEvent.encode(checked.right).data,
    metadata: EventMetadata.encode({ ...metadata, schemaVersion: version }),
  };
};

export interface DecodedEvent<E extends DomainEvent = DomainEvent> {
  event: E;
  metadata: EventMetadata;
}

/** Decodes what the store gave back, upcasting older versions first. Unknown or corrupt events throw. */
export const decodeEvent = (type: string, data: unknown, metadata: unknown): DecodedEvent => {
  const meta = EventMetadata.decode(metadata);
  if (meta._tag === 'Left') throw new Error(`corrupt metadata on ${type}: ${PathReporter.report(meta).join('; ')}`);
  const target = currentVersion.get(type);
  if (target === undefined) throw new Error(`unknown event type ${type}`);
  let version = meta.right.schemaVersion;
  let body = data as Record<string, unknown>;
  while (version < target) {
    const up = upcasters[type]?.[version];
    if (!up) throw new Error(`no upcaster for ${type} v${version}`);
    body = up(body, meta.right);
    version += 1;
  }
  const decoded = DomainEvent.decode({ type, data: body });
  if (decoded._tag === 'Left') throw new Error(`corrupt ${type}: ${PathReporter.report(decoded).join('; ')}`);
  return { event: decoded.right, metadata: { ...meta.right, schemaVersion: target } };
};

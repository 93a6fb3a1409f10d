import { CertificateIssued, certificateStream, encodeEvent, type EventMetadata, type EventOfType } from '../../event-schemas';
import { deterministicUuid } from '../core/deterministic-id';
import { WrongExpectedRevision, type EventStore } from '../../event-schemas/store/event-store';
import type { Position } from '../../event-schemas/store/position';

type Redeemed = EventOfType<'PointsRedeemed'>['data'];

const formatDollars = (n: number) => (Number.isInteger(n) ? `$${n}` : `$${n.toFixed(2)}`);
export const rewardName = (value: number) => `${formatDollars(value)} Reward Certificate`;

/** The certificate a redemption bought, derived only from the redemption so every writer derives the same event. */
export const certificateIssuedFor = (r: Redeemed, redeemedAt: string) =>
  CertificateIssued.of({
    certificateId: r.certificateId,
    code: r.certificateCode,
    paxId: r.paxId,
    amount: r.value,
    pointsCost: r.amount,
    name: rewardName(r.value),
    certificateCategoryType: null,
    displayCategory: 'reward',
    status: 'ACTIVE',
    issuedAt: redeemedAt,
    expirationDate: r.expirationDate,
  });

export const certificateIssuedEventId = (certificateId: string) => deterministicUuid(`CertificateIssued:${certificateId}`);

/**
 * Writes the certificate stream for a redemption. Both the redeem route (right after its append) and the
 * reconciler (for a crash in between) call this; the derived event id and `no_stream` make the second call a no-op.
 * Answers the position of the CertificateIssued event.
 */
export async function issueCertificate(store: EventStore, redeemed: Redeemed, metadata: Omit<EventMetadata, 'schemaVersion'>): Promise<Position | undefined> {
  const event = certificateIssuedFor(redeemed, metadata.occurredAt);
  try {
    const r = await store.appendToStream(
      certificateStream(redeemed.certificateId),
      [encodeEvent(certificateIssuedEventId(redeemed.certificateId), event, metadata)],
      {
        expectedRevision: 'no_stream',
      },
    );
    return r.position;
  } catch (error) {
    // The stream exists but not with our event id: the certificate was issued by another path, so nothing is lost.
    if (error instanceof WrongExpectedRevision) return undefined;
    throw error;
  }
}

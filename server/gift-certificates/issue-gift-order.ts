import type pg from 'pg';
import {
  CertificateIssued,
  certificateStream,
  encodeEvent,
  OrderPlaced,
  streamName,
  type EventMetadata,
  type EventOfType,
  type PurchasedCertificate,
} from '../../event-schemas';
import { certificateIssuedEventId } from '../certificates/issue-certificate';
import { deterministicUuid } from '../core/deterministic-id';
import { giftSenderName, giftTitle } from '../../event-schemas/contract/gift-claim';
import { usDate } from '../../event-schemas/calendar';
import { WrongExpectedRevision, type EventStore } from '../../event-schemas/store/event-store';
import type { Position } from '../../event-schemas/store/position';
import type { FindCardArt } from './card-art-catalogue';

type Purchased = EventOfType<'GiftCertificatesPurchased'>['data'];
type Metadata = Omit<EventMetadata, 'schemaVersion'>;

export const orderStream = (orderId: string) => streamName('order', orderId);
export const orderPlacedEventId = (orderId: string) => deterministicUuid(`OrderPlaced:${orderId}`);

/** A bought certificate's first event, derived only from the order so the route and the reconciler agree. */
export const giftCertificateIssued = (order: Purchased, c: PurchasedCertificate, purchasedAt: string) =>
  CertificateIssued.of({
    certificateId: c.certificateId,
    code: c.code,
    paxId: order.paxId,
    amount: c.amount,
    // The purchase price in points: the certificate item's purchasePrice.
    pointsCost: c.purchasePrice,
    name: c.name,
    certificateCategoryType: 'PURCHASABLE',
    displayCategory: 'gift',
    certificateCategoryCode: c.certificateCategoryCode,
    status: 'ACTIVE',
    issuedAt: purchasedAt,
    expirationDate: order.expirationDate,
    // An order stored before designs were kept has none: the certificate shows its default art.
    cardArtId: c.cardArtId ?? null,
    // A gift stays the buyer's until its recipient claims the code (server/gift-certificates/claim-gift.ts).
    ...(c.isGift && c.recipientEmail ? { gift: { recipientName: c.recipientName, recipientEmail: c.recipientEmail, senderName: c.senderName } } : {}),
  });

/** Appends once: the deterministic event id makes a repeat a no-op, `no_stream` refuses a different first event. */
async function appendOnce(store: EventStore, stream: string, event: ReturnType<typeof encodeEvent>): Promise<Position | undefined> {
  try {
    return (await store.appendToStream(stream, [event], { expectedRevision: 'no_stream' })).position;
  } catch (error) {
    if (error instanceof WrongExpectedRevision) return undefined;
    throw error;
  }
}

const laterOf = (a: Position | undefined, b: Position | undefined) =>
  !a ? b : !b ? a : a.major > b.major || (a.major === b.major && a.minor > b.minor) ? a : b;

/**
 * Writes what a GiftCertificatesPurchased decided: every certificate stream, then the order's OrderPlaced. The route
 * calls it after its append and the reconciler after a crash; every step is idempotent, so both may run. Answers the
 * latest position written (for read-your-writes).
 */
export async function issueGiftOrder(store: EventStore, order: Purchased, metadata: Metadata): Promise<Position | undefined> {
  let last: Position | undefined;
  for (const c of order.certificates) {
    const event = encodeEvent(certificateIssuedEventId(c.certificateId), giftCertificateIssued(order, c, metadata.occurredAt), metadata);
    last = laterOf(last, await appendOnce(store, certificateStream(c.certificateId), event));
  }
  const placed = OrderPlaced.of({
    orderId: order.orderId,
    paxId: order.paxId,
    certificateIds: order.certificates.map((c) => c.certificateId),
    pointsSpent: order.pointsSpent,
  });
  last = laterOf(last, await appendOnce(store, orderStream(order.orderId), encodeEvent(orderPlacedEventId(order.orderId), placed, metadata)));
  return last;
}

/**
 * The titles of the designs the gifts wear, read from content when the mail is written (an admin may have renamed a
 * design since checkout). A content source that does not answer costs the mail its design line, not the mail itself:
 * failing here would hold up this reconciler's every other certificate until the source came back.
 */
async function designTitles(gifts: readonly PurchasedCertificate[], findCardArt: FindCardArt): Promise<ReadonlyMap<string, string>> {
  const ids = [...new Set(gifts.flatMap((c) => (c.cardArtId ? [c.cardArtId] : [])))];
  if (!ids.length) return new Map();
  return findCardArt(ids).catch(() => new Map<string, string>());
}

/**
 * The recipients' e-mails. Only the reconciler calls this, in the transaction that also moves its checkpoint, so
 * each order's mail is written exactly once however often the route retried.
 */
export async function mailGiftRecipients(db: pg.PoolClient, order: Purchased, findCardArt: FindCardArt, claimLink?: (code: string) => string): Promise<void> {
  const gifts = order.certificates.filter((c) => c.isGift && c.recipientEmail);
  if (!gifts.length) return;
  const titles = await designTitles(gifts, findCardArt);
  for (const c of gifts) await mailRecipient(db, order, c, c.cardArtId ? titles.get(c.cardArtId) : undefined, claimLink?.(c.code));
}

async function mailRecipient(db: pg.PoolClient, order: Purchased, c: PurchasedCertificate, design: string | undefined, claimLink: string | undefined) {
  const from = giftSenderName(c.senderName);
  const lines = [
    `Hello ${c.recipientName ?? ''},`.trim(),
    '',
    // The amount once ("a $50 Aspire Gift Certificate ($50)" said it twice), the date as the spec writes dates.
    `${from} sent you a ${giftTitle(c.amount, c.name)}.`,
    ...(design ? [`Design: ${design}`] : []),
    ...(c.giftMessage ? ['', `"${c.giftMessage}"`] : []),
    '',
    `Your certificate code: ${c.code}`,
    `Valid until ${usDate(order.expirationDate)}.`,
    ...(claimLink ? ['', `Claim it to put it in your rewards wallet (sign in, or join for free): ${claimLink}`] : []),
  ];
  // Tagged with the buyer (a transactional mail: the tag withholds nothing), whose name it carries: erasing the buyer
  // deletes it too, though it is addressed to someone else (server/privacy/erase-tables.ts).
  await db.query('INSERT INTO outbox (channel, recipient, subject, body, pax_id) VALUES ($1, $2, $3, $4, $5)', [
    'email',
    c.recipientEmail,
    `${from} sent you a gift certificate`,
    lines.join('\n'),
    order.paxId,
  ]);
}

import { isEmailAddress } from '../../event-schemas/contract/rules';
import { left, right } from 'fp-ts/Either';
import { GiftCertificatesPurchased, GiftOrderAbandoned, type MemberEvent, type EventOfType, type PurchasedCertificate } from '../../event-schemas';
import { domainError, type Decider, type DomainError } from '../core/decider';
import { deterministicUuid } from '../core/deterministic-id';
import { GrowOnlyMap, GrowOnlySet } from '../core/grow-only';
import { evolveMember, initialMemberState, type MemberState } from '../points/member-state';
import { owedRefusal, spendableBalance, spendableLots } from '../points/redeem-points';

/** Spec section 9: a cart (and so an order) holds at most 5 certificates in all. */
export const MAX_QUANTITY_PER_CART = 5;

type Purchased = EventOfType<'GiftCertificatesPurchased'>['data'];

/** One cart line, already priced from the catalogue by the route. */
export interface PricedLine {
  certificateCategoryCode: string;
  certificateName: string;
  amount: number;
  purchasePrice: number;
  quantity: number;
  isGift: boolean;
  recipientName?: string;
  senderName?: string;
  giftMessage?: string;
  recipientEmail?: string;
  /** The gift card design chosen for the line (an `eGiftCardArt` id the route has checked); null or absent: none. */
  selectedCardArt?: string | null;
}

export interface PurchaseGiftCertificates {
  paxId: number;
  clientOrderId: string;
  /** Programme date: lots expiring before it cannot be spent. */
  today: string;
  expirationDate: string;
  lines: PricedLine[];
  /** Fresh codes, at least one per certificate; only those the decision uses are kept. */
  codes: string[];
}

/** The member's points plus the orders already placed, keyed by the client's order id (for idempotent retries). */
export interface GiftOrderState {
  member: MemberState;
  orders: GrowOnlyMap<string, Purchased>;
  /** Checkouts given up on (their reserved stock released): no purchase is decided for them any more. */
  abandoned: GrowOnlySet<string>;
}

/** The same checkout retried, from any server, names the same order. */
export const giftOrderId = (paxId: number, clientOrderId: string) => deterministicUuid(`gift-order:${paxId}:${clientOrderId}`);
export const giftCertificateId = (orderId: string, index: number) => deterministicUuid(`gift-certificate:${orderId}:${index}`);

// Grow-only collections (server/core/grow-only.ts): an order adds to them without copying the member's history.
const evolve = (state: GiftOrderState, event: MemberEvent): GiftOrderState => ({
  member: evolveMember(state.member, event),
  orders: event.type === 'GiftCertificatesPurchased' ? state.orders.with(event.data.clientOrderId, event.data) : state.orders,
  abandoned: event.type === 'GiftOrderAbandoned' ? state.abandoned.with(event.data.clientOrderId) : state.abandoned,
});

/** The first rule a line breaks, named by its body path. */
const lineProblem = (line: PricedLine, i: number) => {
  const at = (field: string) => `body.items.${i}.${field}`;
  if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY_PER_CART)
    return domainError('validation', `must be 1 to ${MAX_QUANTITY_PER_CART}`, at('quantity'));
  if (!line.isGift) return undefined;
  if (!line.recipientName?.trim()) return domainError('validation', 'is required for a gift', at('recipientName'));
  if (!line.recipientEmail || !isEmailAddress(line.recipientEmail))
    return domainError('validation', 'must be an e-mail address for a gift', at('recipientEmail'));
  return undefined;
};

/** The first rule the order's lines break, whatever the member's points: checked again by the decider. */
export const orderProblem = (lines: PricedLine[]): DomainError | undefined => {
  if (lines.length === 0) return domainError('validation', 'must hold at least one certificate', 'body.items');
  for (const [i, line] of lines.entries()) {
    const problem = lineProblem(line, i);
    if (problem) return problem;
  }
  if (lines.reduce((n, l) => n + l.quantity, 0) > MAX_QUANTITY_PER_CART)
    return domainError('validation', `must hold at most ${MAX_QUANTITY_PER_CART} certificates in all (maxQuantityPerCart)`, 'body.items');
  return undefined;
};

/**
 * Spends points on gift certificates, earliest-expiring lots first. Appended at the member stream's expected
 * revision, so concurrent checkouts cannot spend the same lot; a repeated clientOrderId decides nothing.
 */
export const purchaseGiftCertificates: Decider<PurchaseGiftCertificates, GiftOrderState, MemberEvent> = {
  initialState: { member: initialMemberState, orders: GrowOnlyMap.empty(), abandoned: GrowOnlySet.empty() },
  evolve,
  decide: (c, state) => {
    if (state.orders.has(c.clientOrderId)) return right([]);
    if (state.abandoned.has(c.clientOrderId))
      return left(domainError('conflict', 'This checkout was given up on and its certificates put back on sale: start the order again', 'body.clientOrderId'));
    const problem = orderProblem(c.lines);
    if (problem) return left(problem);
    const count = c.lines.reduce((n, l) => n + l.quantity, 0);
    if (c.codes.length < count) throw new Error(`need ${count} certificate codes, got ${c.codes.length}`);
    const cost = c.lines.reduce((n, l) => n + l.purchasePrice * l.quantity, 0);
    if (state.member.owed > 0) return left(domainError('insufficient-points', owedRefusal(state.member.owed)));
    const available = spendableBalance(state.member, c.today);
    if (available < cost)
      return left(domainError('insufficient-points', `This order costs ${cost} points, ${cost - available} more than the ${available} available`));
    let due = cost;
    const consumed: { lotId: string; amount: number }[] = [];
    for (const lot of spendableLots(state.member.lots, c.today)) {
      if (due === 0) break;
      const take = Math.min(due, lot.remaining);
      consumed.push({ lotId: lot.lotId, amount: take });
      due -= take;
    }
    const orderId = giftOrderId(c.paxId, c.clientOrderId);
    const certificates: PurchasedCertificate[] = c.lines
      .flatMap((l) => Array.from({ length: l.quantity }, () => l))
      .map((l, i) => ({
        certificateId: giftCertificateId(orderId, i),
        code: c.codes[i],
        certificateCategoryCode: l.certificateCategoryCode,
        name: l.certificateName,
        amount: l.amount,
        purchasePrice: l.purchasePrice,
        isGift: l.isGift,
        // A certificate the member keeps carries no gift details, whatever the form left behind.
        recipientName: l.isGift ? l.recipientName!.trim() : null,
        senderName: l.isGift ? l.senderName?.trim() || null : null,
        giftMessage: l.isGift ? (l.giftMessage ?? null) : null,
        recipientEmail: l.isGift ? l.recipientEmail! : null,
        // Kept or given, a certificate wears the design its line chose; the certificate stream takes it from here.
        cardArtId: l.selectedCardArt ?? null,
      }));
    return right([
      GiftCertificatesPurchased.of({
        paxId: c.paxId,
        orderId,
        clientOrderId: c.clientOrderId,
        pointsSpent: cost,
        consumed,
        certificates,
        expirationDate: c.expirationDate,
      }),
    ]);
  },
};

export interface AbandonGiftOrder {
  paxId: number;
  orderId: string;
  clientOrderId: string;
}

/**
 * Gives up on a checkout whose stock was reserved but whose purchase never came: decided on the member stream at its
 * expected revision, so either the purchase is there (nothing to do: the reservation stays, sold) or the abandonment
 * is, and no purchase of that checkout can be decided after it. Only then may its reserved stock be released.
 */
export const abandonGiftOrder: Decider<AbandonGiftOrder, GiftOrderState, MemberEvent> = {
  initialState: purchaseGiftCertificates.initialState,
  evolve,
  decide: (c, state) => right(state.orders.has(c.clientOrderId) || state.abandoned.has(c.clientOrderId) ? [] : [GiftOrderAbandoned.of(c)]),
};

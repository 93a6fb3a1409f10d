import { correlationId as newCorrelationId } from '../operations/request-context';
import * as t from 'io-ts';
import type { GiftOrderBody, GiftOrderLine, PlacedOrder } from '../../event-schemas/contract/gift-certificates';
import type { AcceptedBody } from '../../event-schemas/contract/wire-checks';
import { memberStream, type EventMetadata } from '../../event-schemas';
import { maxText, refined } from '../../event-schemas/primitives';
import { VariantAmount } from '../certificate-categories/category-fields';
import { actorOf, type Caller } from '../auth/caller';
import { newCertificateCode } from '../certificates/certificate-code';
import { addDays, dateIn, usDate } from '../../event-schemas/calendar';
import { handleCommand, toProblem } from '../core/command-handler';
import { PaxIdParam } from '../core/http-codecs';
import { forbidden, Problem, validationProblem } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { formatPosition } from '../../event-schemas/store/position';
import { assertCardArtExists } from './card-art-catalogue';
import { offeredCatalogue, readGiftCatalogue, type CatalogueEntry } from './gift-catalogue';
import { onSale } from '../certificate-categories/category-terms';
import { memberEligibility, notEligible, type MemberEligibility } from '../certificate-categories/member-eligibility';
import { issueGiftOrder } from './issue-gift-order';
import { giftOrderId, MAX_QUANTITY_PER_CART, orderProblem, purchaseGiftCertificates, type PricedLine } from './purchase-gift-certificates';
import { readFolded, reserveStock, stockLeftOf, type LimitedCategory } from './reserve-stock';

const Quantity = refined(
  t.number,
  'Quantity',
  `must be a whole number from 1 to ${MAX_QUANTITY_PER_CART}`,
  (n) => Number.isInteger(n) && n >= 1 && n <= MAX_QUANTITY_PER_CART,
  { type: 'integer', minimum: 1, maximum: MAX_QUANTITY_PER_CART },
);
const ClientOrderId = refined(t.string, 'ClientOrderId', 'must be 1 to 100 characters', (s) => s.length >= 1 && s.length <= 100, {
  minLength: 1,
  maxLength: 100,
});

const OrderItem = t.intersection([
  t.type({ certificateCategoryCode: t.string, amount: VariantAmount, quantity: Quantity, isGift: t.boolean }),
  // Gift fields are checked by the decider when isGift is true; a kept certificate ignores them.
  t.partial({
    recipientName: maxText(120),
    senderName: maxText(120),
    giftMessage: maxText(250),
    recipientEmail: maxText(254),
    selectedCardArt: t.union([t.string, t.null]),
  }),
]);
const OrderBody = t.type({ items: t.array(OrderItem), clientOrderId: ClientOrderId });
type OrderItem = t.TypeOf<typeof OrderItem>;
/** The gift shop sends the contract's order (a line's amount chosen); the codec accepts it. */
export type GiftOrderAccepted = AcceptedBody<typeof OrderBody, GiftOrderBody & { items: (GiftOrderLine & { amount: number })[] }>;

const Variant = t.type({ amount: t.number, purchasePrice: t.number });
const CategoryAnswer = t.type({
  id: t.number,
  certificateCategoryCode: t.string,
  certificateCategoryName: t.string,
  certificateCategoryDesc: t.string,
  certificateCategoryType: t.literal('PURCHASABLE'),
  displayCategory: t.string,
  termsAndConditions: t.string,
  cardArtId: t.union([t.string, t.null]),
  defaultExpirationLengthDays: t.number,
  maxPurchaseQuantity: t.union([t.number, t.null]),
  left: t.union([t.number, t.null]),
  transferable: t.boolean,
  startDate: t.union([t.string, t.null]),
  endDate: t.union([t.string, t.null]),
  promoName: t.union([t.string, t.null]),
  variants: t.array(Variant),
});
const OrderAnswer = t.type({
  orderId: t.string,
  certificates: t.array(
    t.type({
      id: t.string,
      code: t.string,
      name: t.string,
      amount: t.number,
      purchasePrice: t.number,
      status: t.string,
      expirationDate: t.string,
      isGift: t.boolean,
      cardArtId: t.union([t.string, t.null]),
    }),
  ),
  pointsSpent: t.number,
  balance: t.number,
  position: t.string,
});

const dollars = (n: number) => (Number.isInteger(n) ? `$${n}` : `$${n.toFixed(2)}`);

const saleWindow = (c: CatalogueEntry) =>
  c.startDate && c.endDate
    ? `it is on sale from ${usDate(c.startDate)} to ${usDate(c.endDate)}`
    : c.startDate
      ? `it is on sale from ${usDate(c.startDate)}`
      : `its sale ended on ${usDate(c.endDate!)}`;

/**
 * Prices each line from the catalogue, refusing before anything is decided (so nothing is written): an unknown
 * category or amount, a category not on sale today, a gift of a category that is not transferable, or more than its
 * maxPurchaseQuantity is a 400 naming the line's field; a category whose group or a variant whose criteria exclude the
 * member is a 403 `not-eligible`, also naming the field.
 */
const priceLines = (items: OrderItem[], catalogue: CatalogueEntry[], today: string, member: MemberEligibility): PricedLine[] => {
  const ordered = new Map<string, number>();
  return items.map((item, i) => {
    const at = `body.items.${i}`;
    const category = catalogue.find((c) => c.certificateCategoryCode === item.certificateCategoryCode);
    if (!category) throw validationProblem([{ path: `${at}.certificateCategoryCode`, message: 'must be a purchasable certificate category' }]);
    const name = category.certificateCategoryName;
    if (!onSale(category, today))
      throw validationProblem([{ path: `${at}.certificateCategoryCode`, message: `is not on sale today: ${saleWindow(category)}` }]);
    if (!member.inGroup(category.groupId))
      throw notEligible(`${name} certificates are not offered to this member`, [
        { path: `${at}.certificateCategoryCode`, message: `${name} is offered only to the members of its group` },
      ]);
    const index = category.variants.findIndex((v) => v.amount === item.amount);
    if (index < 0) throw validationProblem([{ path: `${at}.amount`, message: `must be one of ${category.variants.map((v) => v.amount).join(', ')}` }]);
    const variant = category.variants[index];
    if (!member.admittedBy(category.criteria[index]))
      throw notEligible(`The ${dollars(variant.amount)} ${name} certificate is not offered to this member`, [
        { path: `${at}.amount`, message: `the member does not meet the ${dollars(variant.amount)} ${name} certificate's redemption criteria` },
      ]);
    if (item.isGift && !category.transferable)
      throw validationProblem([{ path: `${at}.isGift`, message: `${name} certificates cannot be sent as a gift: buy it for yourself` }]);
    // The category's maxPurchaseQuantity counts every line of it in the order; the line that passes it is named.
    const sofar = (ordered.get(category.certificateCategoryCode) ?? 0) + item.quantity;
    ordered.set(category.certificateCategoryCode, sofar);
    const max = category.maxPurchaseQuantity;
    if (max !== null && sofar > max) {
      throw validationProblem([
        {
          path: `${at}.quantity`,
          message: `takes the order past ${max} ${name} certificate${max === 1 ? '' : 's'}, the most one order may hold`,
        },
      ]);
    }
    return {
      ...item,
      certificateName: `${dollars(variant.amount)} ${name}`,
      amount: variant.amount,
      purchasePrice: variant.purchasePrice,
    };
  });
};

/** The order's lines of each category with a totalUseable, by category. */
const limitedCategories = (lines: PricedLine[], catalogue: CatalogueEntry[]): LimitedCategory[] => {
  const byCode = new Map<string, LimitedCategory>();
  lines.forEach((line, index) => {
    const category = catalogue.find((c) => c.certificateCategoryCode === line.certificateCategoryCode)!;
    if (category.totalUseable === null) return;
    const entry = byCode.get(category.certificateCategoryCode) ?? {
      certificateCategoryCode: category.certificateCategoryCode,
      certificateCategoryName: category.certificateCategoryName,
      totalUseable: category.totalUseable,
      lines: [],
    };
    entry.lines.push({ index, quantity: line.quantity });
    byCode.set(category.certificateCategoryCode, entry);
  });
  return [...byCode.values()];
};

/** Buying is acting, not reading: only the member, or an admin impersonating them (whose session is the member's). */
const assertActsAs = (caller: Caller, paxId: number) => {
  if (caller.kind !== 'participant' || caller.paxId !== paxId)
    throw forbidden(`Only participant ${paxId} (or an admin impersonating them) may buy with their points`);
};

export const giftCertificateRoutes = (deps: Deps) => {
  const findCardArt = deps.cardArt;
  return [
    route({
      method: 'get',
      path: '/certificate-categories/list',
      tag: 'Gift certificates',
      summary: 'Active purchasable certificate categories with their variants (dollars, priced in points), terms and card art',
      access: 'signed-in',
      responses: { 200: { description: 'Categories', schema: t.array(CategoryAnswer) } },
      handler: async ({ caller }) => {
        const today = dateIn(deps.settings.timeZone, deps.now());
        const catalogue = await readGiftCatalogue(deps.pool);
        // A member (or an admin impersonating one) sees what they may buy; anyone else sees what is on sale today.
        const member =
          caller.kind === 'participant'
            ? await memberEligibility(
                deps.pool,
                caller.paxId,
                today,
                catalogue.map((c) => c.groupId),
              )
            : null;
        const left = await stockLeftOf(
          deps.store,
          deps.pool,
          catalogue.flatMap((c) => (c.totalUseable === null ? [] : [{ certificateCategoryCode: c.certificateCategoryCode, totalUseable: c.totalUseable }])),
        );
        return { status: 200, body: offeredCatalogue(catalogue, today, member, left) };
      },
    }),
    route({
      method: 'post',
      path: '/participants/:paxId/gift-certificates/orders',
      tag: 'Gift certificates',
      summary: 'Buy up to 5 gift certificates with points; a repeated clientOrderId answers the same order and charges nothing more',
      access: 'signed-in',
      params: t.type({ paxId: PaxIdParam }),
      body: OrderBody,
      responses: {
        201: { description: 'The order and its certificates', schema: OrderAnswer },
        400: {
          description:
            "More than 5 certificates, an unknown category, amount or card art, a category not on sale today, a gift of a category that is not transferable, more than the category's maxPurchaseQuantity, or a gift without recipient",
        },
        403: { description: "Another participant; or not-eligible: the category's group or the variant's redemption criteria exclude the member" },
        409: {
          description: "insufficient-points; or conflict naming the line (body.items.{i}.quantity) that passes what is left of the category's totalUseable",
        },
      },
      handler: async ({ params, body, caller }) => {
        assertActsAs(caller, params.paxId);
        const today = dateIn(deps.settings.timeZone, deps.now());
        const catalogue = await readGiftCatalogue(deps.pool);
        const ordered = catalogue.filter((c) => body.items.some((item) => item.certificateCategoryCode === c.certificateCategoryCode));
        const member = await memberEligibility(
          deps.pool,
          params.paxId,
          today,
          ordered.map((c) => c.groupId),
        );
        const lines = priceLines(body.items, catalogue, today, member);
        // Every line holds at least one certificate, so more lines than that are refused by the decider without a lookup.
        if (body.items.length <= MAX_QUANTITY_PER_CART) await assertCardArtExists(body.items, findCardArt);
        const now = deps.now();
        const catalogueDays = await deps.pool.query<{ days: number }>(
          'SELECT min(default_expiration_days) AS days FROM certificate_categories WHERE code = ANY($1)',
          [lines.map((l) => l.certificateCategoryCode)],
        );
        const count = Math.min(
          lines.reduce((n, l) => n + l.quantity, 0),
          MAX_QUANTITY_PER_CART,
        );
        const correlationId = newCorrelationId();
        const ctx = { actor: actorOf(caller), correlationId, now };
        const orderId = giftOrderId(params.paxId, body.clientOrderId);
        // An order refused whatever is left reserves nothing (the decider would refuse it after the reservation).
        const invalid = orderProblem(lines);
        if (invalid) throw toProblem(invalid);
        // A retried checkout of an order already bought is answered as it was, whatever is left now: it reserves nothing.
        const bought = (await readFolded(deps.store, purchaseGiftCertificates, memberStream(params.paxId))).orders.has(body.clientOrderId);
        const noReservation = { release: async () => {}, confirm: async () => {} };
        const reservation = bought
          ? noReservation
          : await reserveStock(
              deps.store,
              deps.pool,
              { orderId, paxId: params.paxId, clientOrderId: body.clientOrderId },
              limitedCategories(lines, catalogue),
              ctx,
            );
        const result = await handleCommand(
          deps.store,
          purchaseGiftCertificates,
          memberStream(params.paxId),
          {
            paxId: params.paxId,
            clientOrderId: body.clientOrderId,
            today,
            expirationDate: addDays(today, catalogueDays.rows[0]?.days ?? 365),
            lines,
            codes: Array.from({ length: count }, () => newCertificateCode()),
          },
          ctx,
        ).catch(async (error: unknown) => {
          // Refused (not enough points, say): the order spent nothing, so its units go back on sale. Any other
          // failure may have appended the purchase, so the units stay held (a retry of the same order finds them).
          if (error instanceof Problem) await reservation.release();
          throw error;
        });
        // Bought: its units are sold for good. Should this fail, the nightly sweep finds the purchase and confirms them.
        await reservation.confirm().catch((error: unknown) => deps.log(`gift order ${orderId}: stock left for the sweep to confirm`, error));
        const order = result.state.orders.get(body.clientOrderId)!;
        // The certificates are written with the decision's own metadata, so the reconciler would write the same events.
        const decidedBy = result.history.find((h) => h.event.type === 'GiftCertificatesPurchased' && h.event.data.orderId === order.orderId);
        const metadata: Omit<EventMetadata, 'schemaVersion'> = decidedBy
          ? {
              actor: decidedBy.metadata.actor,
              correlationId: decidedBy.metadata.correlationId,
              causationId: decidedBy.metadata.causationId,
              occurredAt: decidedBy.metadata.occurredAt,
            }
          : { actor: ctx.actor, correlationId, causationId: correlationId, occurredAt: now.toISOString() };
        const issuedAt = await issueGiftOrder(deps.store, order, metadata).catch((error: unknown) => {
          // The points are spent and the order is fully determined by its event: the reconciler finishes it.
          deps.log(`gift order ${order.orderId} left to the reconciler`, error);
          return undefined;
        });
        const position = issuedAt ?? result.position ?? decidedBy?.position;
        return {
          status: 201,
          body: {
            orderId: order.orderId,
            certificates: order.certificates.map((c) => ({
              id: c.certificateId,
              code: c.code,
              name: c.name,
              amount: c.amount,
              purchasePrice: c.purchasePrice,
              status: 'ACTIVE',
              expirationDate: order.expirationDate,
              isGift: c.isGift,
              cardArtId: c.cardArtId ?? null,
            })),
            pointsSpent: order.pointsSpent,
            balance: result.state.member.balance,
            position: position ? formatPosition(position) : '',
          } satisfies PlacedOrder,
        };
      },
    }),
  ];
};

import { correlationId as newCorrelationId } from '../operations/request-context';
import * as t from 'io-ts';
import { memberStream, type EventMetadata } from '../../event-schemas';
import { maxText, refined } from '../../event-schemas/primitives';
import { actorOf, type Caller } from '../auth/caller';
import { newCertificateCode } from '../certificates/certificate-code';
import { dateIn } from '../../event-schemas/calendar';
import { handleCommand } from '../core/command-handler';
import { PaxIdParam } from '../core/http-codecs';
import { forbidden, validationProblem } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { formatPosition } from '../../event-schemas/store/position';
import { addDays } from '../points/dates';
import { assertCardArtExists } from './card-art-catalogue';
import { readGiftCatalogue, type GiftCategory } from './gift-catalogue';
import { issueGiftOrder } from './issue-gift-order';
import { MAX_QUANTITY_PER_CART, purchaseGiftCertificates, type PricedLine } from './purchase-gift-certificates';

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
  t.type({ certificateCategoryCode: t.string, amount: t.number, quantity: Quantity, isGift: t.boolean }),
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

const Variant = t.type({ amount: t.number, purchasePrice: t.number });
const CategoryAnswer = t.type({
  certificateCategoryCode: t.string,
  certificateCategoryName: t.string,
  certificateCategoryDesc: t.string,
  certificateCategoryType: t.literal('PURCHASABLE'),
  displayCategory: t.string,
  termsAndConditions: t.string,
  cardArtId: t.union([t.string, t.null]),
  defaultExpirationLengthDays: t.number,
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

/** Prices each line from the catalogue; an unknown category or amount is a 400 naming the line's field. */
const priceLines = (items: OrderItem[], catalogue: GiftCategory[]): PricedLine[] => {
  const ordered = new Map<string, number>();
  return items.map((item, i) => {
    const category = catalogue.find((c) => c.certificateCategoryCode === item.certificateCategoryCode);
    if (!category) throw validationProblem([{ path: `body.items.${i}.certificateCategoryCode`, message: 'must be a purchasable certificate category' }]);
    const variant = category.variants.find((v) => v.amount === item.amount);
    if (!variant) throw validationProblem([{ path: `body.items.${i}.amount`, message: `must be one of ${category.variants.map((v) => v.amount).join(', ')}` }]);
    // The category's maxPurchaseQuantity counts every line of it in the order; the line that passes it is named.
    const sofar = (ordered.get(category.certificateCategoryCode) ?? 0) + item.quantity;
    ordered.set(category.certificateCategoryCode, sofar);
    const max = category.maxPurchaseQuantity;
    if (max !== null && sofar > max) {
      throw validationProblem([
        {
          path: `body.items.${i}.quantity`,
          message: `takes the order past ${max} ${category.certificateCategoryName} certificate${max === 1 ? '' : 's'}, the most one order may hold`,
        },
      ]);
    }
    return {
      ...item,
      certificateName: `${dollars(variant.amount)} ${category.certificateCategoryName}`,
      amount: variant.amount,
      purchasePrice: variant.purchasePrice,
    };
  });
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
      handler: async () => ({ status: 200, body: await readGiftCatalogue(deps.pool) }),
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
        400: { description: 'More than 5 certificates, an unknown category, amount or card art, or a gift without recipient' },
        403: { description: 'Another participant' },
        409: { description: 'insufficient-points' },
      },
      handler: async ({ params, body, caller }) => {
        assertActsAs(caller, params.paxId);
        const lines = priceLines(body.items, await readGiftCatalogue(deps.pool));
        // Every line holds at least one certificate, so more lines than that are refused by the decider without a lookup.
        if (body.items.length <= MAX_QUANTITY_PER_CART) await assertCardArtExists(body.items, findCardArt);
        const now = deps.now();
        const today = dateIn(deps.settings.timeZone, now);
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
        );
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
          },
        };
      },
    }),
  ];
};

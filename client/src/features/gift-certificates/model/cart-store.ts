import { createEvent, createStore, sample } from 'effector';
import { CART_STORAGE_KEY } from '../../../config/session';
import { sessionEnded } from '../../../session/session-events';
import type { GiftCategory, GiftCertificate } from '../api/gift-types';

/** Spec section 9: at most 5 certificates in a cart; a new one starts at quantity 1. */
export const MAX_QUANTITY_PER_CART = 5;
export const DEFAULT_GIFT_QUANTITY = 1;

type EditableField = Exclude<keyof GiftCertificate, 'feID'>;
export interface FieldChange<F extends EditableField = EditableField> {
  field: F;
  value: GiftCertificate[F];
}

const newFeID = () => (globalThis.crypto?.randomUUID ? globalThis.crypto.randomUUID() : `fe-${Date.now()}-${Math.random().toString(36).slice(2)}`);

export const emptyDraft = (): GiftCertificate => ({
  feID: newFeID(),
  certificateCategoryCode: '',
  certificateCategoryId: '',
  amount: null,
  selectedCardArt: null,
  quantity: DEFAULT_GIFT_QUANTITY,
  isGift: false,
  recipientName: '',
  senderName: '',
  giftMessage: '',
  recipientEmail: '',
});

export const cartQuantity = (cart: readonly GiftCertificate[]) => cart.reduce((n, c) => n + c.quantity, 0);

const certificates = (n: number) => `certificate${n === 1 ? '' : 's'}`;

/** "Only 3 left" for a category with a limit; null when it has none. */
export const leftText = (category: Pick<GiftCategory, 'left'>): string | null => (typeof category.left === 'number' ? `Only ${category.left} left` : null);

/**
 * Why `quantity` more of a category do not fit what is left of it, counting what the cart already holds of it
 * (the server decides again at checkout: someone else may have bought the last ones meanwhile); null when they fit.
 */
export const stockProblem = (
  category: Pick<GiftCategory, 'certificateCategoryCode' | 'certificateCategoryName' | 'left'>,
  cart: readonly GiftCertificate[],
  quantity: number,
): string | null => {
  if (typeof category.left !== 'number') return null;
  const inCart = cartQuantity(cart.filter((c) => c.certificateCategoryCode === category.certificateCategoryCode));
  if (inCart + quantity <= category.left) return null;
  const name = category.certificateCategoryName;
  const held = inCart ? `; your cart already holds ${inCart}` : '';
  return `Only ${category.left} ${name} ${certificates(category.left)} ${category.left === 1 ? 'is' : 'are'} left${held}.`;
};

/** The saved cart; the session's sign-out removes this same key, so a signed-out browser keeps no cart. */
const readSavedCart = (): GiftCertificate[] => {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(CART_STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(saved) ? (saved as GiftCertificate[]) : [];
  } catch {
    return [];
  }
};

export const availableCertsSet = createEvent<GiftCategory[]>();
export const addedToCart = createEvent<GiftCertificate>();
export const removedFromCart = createEvent<string>();
export const draftFieldUpdated = createEvent<FieldChange>();
export const cartItemFieldUpdated = createEvent<FieldChange & { feID: string }>();
export const draftCleared = createEvent();
export const cartCleared = createEvent();
/** Lets a page leave with a non-empty cart without the leave-page warning (e.g. going on to checkout). */
export const dirtyOverridden = createEvent<boolean>();
export const nextUrlSet = createEvent<string | null>();

/** Sorted ascending by the amount of the first variant (spec section 3). */
export const $availableCerts = createStore<GiftCategory[]>([]).on(availableCertsSet, (_, list) =>
  [...list].sort((a, b) => (a.variants[0]?.amount ?? 0) - (b.variants[0]?.amount ?? 0)),
);
export const $termsAndConditions = $availableCerts.map((list) => Object.fromEntries(list.map((c) => [c.certificateCategoryCode, c.termsAndConditions])));

export const $draft = createStore<GiftCertificate>(emptyDraft())
  .on(draftFieldUpdated, (d, { field, value }) => ({ ...d, [field]: value }))
  .on(draftCleared, () => emptyDraft())
  .reset(sessionEnded);

/** Adding keeps the cart within maxQuantityPerCart: a line that would overflow it is refused (the page says why). */
export const $cart = createStore<GiftCertificate[]>(readSavedCart())
  .on(addedToCart, (cart, item) =>
    cartQuantity(cart) + item.quantity > MAX_QUANTITY_PER_CART || cart.some((c) => c.feID === item.feID) ? cart : [...cart, item],
  )
  .on(removedFromCart, (cart, feID) => cart.filter((c) => c.feID !== feID))
  .on(cartItemFieldUpdated, (cart, { feID, field, value }) => {
    const next = cart.map((c) => (c.feID === feID ? { ...c, [field]: value } : c));
    return cartQuantity(next) > MAX_QUANTITY_PER_CART ? cart : next;
  })
  .on(cartCleared, () => [])
  .on(sessionEnded, () => []);

$cart.watch((cart) => {
  try {
    if (cart.length) globalThis.localStorage?.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
    else globalThis.localStorage?.removeItem(CART_STORAGE_KEY);
  } catch {
    /* storage full or blocked: the cart still lives in memory */
  }
});

const $dirtyOverride = createStore(false)
  .on(dirtyOverridden, (_, v) => v)
  .reset(cartCleared, sessionEnded);
/** The gift-certificate flow is dirty while the cart holds something, unless overridden. */
export const $giftFlowDirty = sample({ source: { cart: $cart, override: $dirtyOverride }, fn: ({ cart, override }) => cart.length > 0 && !override });

/** Where checkout sends the member afterwards, when a page set it (the value itself is never shown). */
export const $nextUrl = createStore<string | null>(null)
  .on(nextUrlSet, (_, url) => (url && url.startsWith('/') && !url.startsWith('//') ? url : null))
  .reset(sessionEnded);

import { left, right } from 'fp-ts/Either';
import { PromotionCreated, PromotionStatusChanged, type PromotionEvent } from '../../event-schemas';
import { domainError, type Decider } from '../core/decider';
import { evolvePromotion, initialPromotionState, type PromotionFacts, type PromotionState } from './promotion-state';

// The create body's limits: a copy must still be a promotion the builder could have been given.
const MAX_CODE = 40;
const MAX_NAME = 120;
export const COPY_SUFFIX = ' - Copy';

/**
 * Admin spec section 4: the copy's code is the old code with any trailing numeric part replaced by a timestamp
 * (epoch milliseconds). A code with no numeric tail gets the timestamp after a hyphen, so that copying the copy
 * replaces the same tail again instead of growing the code. The stem is cut so the result stays within 40 characters.
 */
export const copiedPromotionCode = (code: string, at: Date): string => {
  const stamp = String(at.getTime());
  const stem = code.replace(/\d+$/, '');
  const joined = stem === code && stem !== '' && !/[-_]$/.test(stem) ? `${stem}-` : stem;
  return `${joined.slice(0, MAX_CODE - stamp.length)}${stamp}`;
};

/** The name gets ' - Copy' (spec); a long name is cut first so the copy keeps the 120-character limit. */
export const copiedPromotionName = (name: string): string => `${name.slice(0, MAX_NAME - COPY_SUFFIX.length)}${COPY_SUFFIX}`;

export const copiedFacts = (source: PromotionFacts, copyId: string, at: Date): PromotionFacts => ({
  promotionId: copyId,
  name: copiedPromotionName(source.name),
  description: source.description,
  promotionCode: copiedPromotionCode(source.promotionCode, at),
  typeCode: source.typeCode,
  fromDate: source.fromDate,
  thruDate: source.thruDate,
  groupIds: [...source.groupIds],
  certificateCategoryCode: source.certificateCategoryCode,
  website: { tileTitle: source.website.tileTitle, pages: source.website.pages.map((p) => ({ ...p })) },
  // The rules come along (a copy is how an ended promotion runs again); the copy pays only once published.
  payoutAndRules: structuredClone(source.payoutAndRules),
  copiedFrom: source.promotionId,
});

export interface CopyPromotion {
  /** The promotion copied, as its own stream stands when the copy is decided. */
  source: PromotionState;
  at: Date;
}

/**
 * Decided on the copy's new stream. A created promotion is NEW, so the copy is created and then moved to DRAFT in the
 * same append: one projection rule for every PromotionCreated, and the audit shows both steps under the admin's name.
 */
export const copyPromotion = (copyId: string): Decider<CopyPromotion, PromotionState, PromotionEvent> => ({
  initialState: initialPromotionState,
  evolve: evolvePromotion,
  decide: (c, state) => {
    if (c.source.kind === 'none') return left(domainError('not-found', 'This promotion was not found'));
    if (state.kind !== 'none') return left(domainError('conflict', 'This promotion already exists'));
    const facts = copiedFacts(c.source, copyId, c.at);
    return right([
      PromotionCreated.of(facts),
      PromotionStatusChanged.of({ promotionId: copyId, from: 'NEW', to: 'DRAFT', reason: `Copy of ${c.source.promotionCode}` }),
    ]);
  },
});

import { left, right } from 'fp-ts/Either';
import { PromotionRevised, PromotionStatusChanged, type PromotionEvent, type PublishedForecast } from '../../event-schemas';
import type { PromotionSection } from '../../event-schemas/promotion-revised';
import { domainError, type Decider } from '../core/decider';
import { evolvePromotion, initialPromotionState, type PromotionFacts, type PromotionState } from './promotion-state';

/** Which wizard section each stored field belongs to (the audit shows a revision by section). */
const SECTION_OF = {
  name: 'overview',
  description: 'overview',
  promotionCode: 'overview',
  fromDate: 'overview',
  thruDate: 'overview',
  groupIds: 'participants',
  certificateCategoryCode: 'payoutAndRules',
  payoutAndRules: 'payoutAndRules',
  website: 'website',
} as const satisfies Partial<Record<keyof PromotionFacts, PromotionSection>>;
type RevisableField = keyof typeof SECTION_OF;

export const EDITABLE_STATUSES = ['NEW', 'DRAFT'] as const;

/** JSON with object keys sorted: the same value read back from jsonb (which reorders keys) compares equal. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/** The fields that differ between what is stored and what the wizard sent, grouped by section. */
export function changedFields(
  before: PromotionFacts,
  after: PromotionFacts,
): { sections: PromotionSection[]; changes: Partial<Pick<PromotionFacts, RevisableField>> } {
  const changes: Record<string, unknown> = {};
  const sections = new Set<PromotionSection>();
  for (const field of Object.keys(SECTION_OF) as RevisableField[]) {
    if (canonical(before[field]) === canonical(after[field])) continue;
    changes[field] = after[field];
    sections.add(SECTION_OF[field]);
  }
  return { sections: (['overview', 'participants', 'payoutAndRules', 'website'] as const).filter((s) => sections.has(s)), changes };
}

export interface RevisePromotion {
  /** The promotion as the wizard wants it: the stored facts with the record's sections laid over them. */
  facts: PromotionFacts;
  finalize: boolean;
  /** With finalize: the forecast shown for the publication, recorded with it (published-forecast.ts). */
  forecast?: PublishedForecast;
}

/**
 * The wizard's PUT: a NEW or DRAFT promotion takes the changed fields as one PromotionRevised (nothing when nothing
 * changed) and, with finalize, is published in the same append. A published promotion is never rewritten: its
 * payouts name the revision they were decided on (409; revert it to draft or copy it).
 */
export const revisePromotion: Decider<RevisePromotion, PromotionState, PromotionEvent> = {
  initialState: initialPromotionState,
  evolve: evolvePromotion,
  decide: (c, state) => {
    if (state.kind === 'none') return left(domainError('not-found', 'This promotion was not found'));
    if (!(EDITABLE_STATUSES as readonly string[]).includes(state.status))
      return left(domainError('invalid-state', `A promotion that is ${state.status} cannot be edited: revert it to draft first, or copy it`));
    const { sections, changes } = changedFields(state, c.facts);
    const events: PromotionEvent[] = sections.length ? [PromotionRevised.of({ promotionId: state.promotionId, sections, changes })] : [];
    const forecast = c.forecast ? { forecast: c.forecast } : {};
    if (c.finalize) events.push(PromotionStatusChanged.of({ promotionId: state.promotionId, from: state.status, to: 'ACTIVE', reason: null, ...forecast }));
    return right(events);
  },
};

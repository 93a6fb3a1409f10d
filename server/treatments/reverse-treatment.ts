import { right } from 'fp-ts/Either';
import { PointsReversed, type MemberEvent } from '../../event-schemas';
import type { Decider } from '../core/decider';
import { GrowOnlyMap, GrowOnlySet } from '../core/grow-only';
import { evolveMember, initialMemberState, type MemberState } from '../points/member-state';

/** What one treatment put on the member's ledger: its own lines' points and the promotion points it paid. */
interface TreatmentAward {
  dateOfService: string;
  treatmentPoints: number;
  partnerPoints: number;
  promotionPoints: number;
  /** The lots those points were credited to, so a reversal takes from them first. */
  lotIds: readonly string[];
}

/** The member stream as a void needs it: the ledger, each treatment's award, and the treatments already reversed. */
export interface ReversalState {
  member: MemberState;
  awards: GrowOnlyMap<string, TreatmentAward>;
  reversed: GrowOnlySet<string>;
}

const initialReversalState: ReversalState = { member: initialMemberState, awards: GrowOnlyMap.empty(), reversed: GrowOnlySet.empty() };

const evolveReversal = (state: ReversalState, event: MemberEvent): ReversalState => {
  const member = evolveMember(state.member, event);
  switch (event.type) {
    case 'TreatmentPointsComputed': {
      const d = event.data;
      const sum = (category: 'TREATMENT' | 'PARTNER') => d.lines.filter((l) => l.category === category).reduce((n, l) => n + l.awarded, 0);
      const award: TreatmentAward = {
        dateOfService: d.dateOfService,
        treatmentPoints: sum('TREATMENT'),
        partnerPoints: sum('PARTNER'),
        promotionPoints: 0,
        lotIds: [`${d.treatmentId}-treatment`, `${d.treatmentId}-partner`],
      };
      return { ...state, member, awards: state.awards.with(d.treatmentId, award) };
    }
    case 'PromotionAwardEarned': {
      const d = event.data;
      const award = state.awards.get(d.treatmentId);
      if (d.awardType !== 'POINT' || !award || !d.lotId) return { ...state, member };
      const paid = { ...award, promotionPoints: award.promotionPoints + d.amount, lotIds: [...award.lotIds, d.lotId] };
      return { ...state, member, awards: state.awards.with(d.treatmentId, paid) };
    }
    case 'PointsReversed':
      return { ...state, member, reversed: state.reversed.with(event.data.treatmentId) };
    default:
      return { ...state, member };
  }
};

export interface ReverseTreatment {
  treatmentId: string;
  paxId: number;
  dateOfService: string;
  /** The estimate the treatment shows as pending until it is awarded; released when it is reversed before that. */
  expectedPoints: number;
}

/**
 * Takes back everything a voided treatment earned, once. Decided at the member stream's revision, as the nightly award
 * is, so of the two whichever comes second sees the first: a treatment reversed while pending is never awarded (the
 * earning state counts it as decided), and one awarded first is reversed in full. Points come out of the treatment's own
 * lots first, then the lots expiring soonest; what no lot holds any more is owed, and the balance goes below zero.
 */
export const reverseTreatment: Decider<ReverseTreatment, ReversalState, MemberEvent> = {
  initialState: initialReversalState,
  evolve: evolveReversal,
  decide: (c, state) => {
    if (state.reversed.has(c.treatmentId)) return right([]);
    const award = state.awards.get(c.treatmentId);
    const base = { paxId: c.paxId, treatmentId: c.treatmentId, dateOfService: c.dateOfService };
    if (!award)
      return right([
        PointsReversed.of({
          ...base,
          amount: 0,
          treatmentPoints: 0,
          partnerPoints: 0,
          promotionPoints: 0,
          consumed: [],
          owed: 0,
          pendingReleased: c.expectedPoints,
        }),
      ]);
    const amount = award.treatmentPoints + award.partnerPoints + award.promotionPoints;
    const own = new Set(award.lotIds);
    const lots = state.member.lots.filter((l) => l.remaining > 0);
    const order = [
      ...lots.filter((l) => own.has(l.lotId)),
      ...lots.filter((l) => !own.has(l.lotId)).sort((a, b) => (a.expirationDate < b.expirationDate ? -1 : a.expirationDate > b.expirationDate ? 1 : 0)),
    ];
    let due = amount;
    const consumed: { lotId: string; amount: number }[] = [];
    for (const lot of order) {
      if (due === 0) break;
      const take = Math.min(due, lot.remaining);
      consumed.push({ lotId: lot.lotId, amount: take });
      due -= take;
    }
    return right([
      PointsReversed.of({
        ...base,
        dateOfService: award.dateOfService,
        amount,
        treatmentPoints: award.treatmentPoints,
        partnerPoints: award.partnerPoints,
        promotionPoints: award.promotionPoints,
        consumed,
        owed: due,
        pendingReleased: 0,
      }),
    ]);
  },
};

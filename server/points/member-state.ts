import type { DomainEvent } from '../../event-schemas';

export interface PointLot {
  lotId: string;
  remaining: number;
  expirationDate: string;
}

/** What the write side needs to know about a member to decide point commands. */
export interface MemberState {
  balance: number;
  lots: PointLot[];
  /** Admin award idempotency keys already used, so a retried request awards nothing. */
  usedAwardKeys: ReadonlySet<string>;
}

export const initialMemberState: MemberState = { balance: 0, lots: [], usedAwardKeys: new Set() };

export const evolveMember = (state: MemberState, event: DomainEvent): MemberState => {
  switch (event.type) {
    case 'PointsAwarded': {
      const d = event.data;
      return {
        balance: state.balance + d.amount,
        lots: [...state.lots, { lotId: d.lotId, remaining: d.amount, expirationDate: d.expirationDate }],
        usedAwardKeys: d.idempotencyKey ? new Set([...state.usedAwardKeys, d.idempotencyKey]) : state.usedAwardKeys,
      };
    }
    case 'ImpersonationStarted':
    case 'ImpersonationEnded':
      return state;
    default: {
      const never: never = event;
      return never;
    }
  }
};

import type { Actor } from '../../event-schemas';
import { forbidden } from '../core/problem';

/** Who is calling, resolved once per request from the `auth-token` or `x-api-key` header. */
export type Caller =
  | { kind: 'anonymous' }
  | {
      kind: 'participant';
      paxId: number;
      firstName: string;
      lastName: string;
      /** True only on an admin's own session; an impersonating session acts as the member. */
      isAdmin: boolean;
      /** The admin behind an impersonated session. */
      impersonatorId: number | null;
      tokenHash: Buffer;
    }
  /** A practice: through one of its API keys (`staff` null), or a member of its staff signed in (`apiKeyId` null). */
  | { kind: 'practice'; practiceId: number; apiKeyId: number | null; staff: PracticeStaff | null };

export type PracticeRole = 'PRACTICE_ADMIN' | 'FRONT_DESK';

export interface PracticeStaff {
  userId: number;
  role: PracticeRole;
  firstName: string;
  lastName: string;
  practiceName: string;
  tokenHash: Buffer;
}

export type SignedIn = Extract<Caller, { kind: 'participant' }>;

/** Self, an admin, or an admin impersonating that participant (whose session then carries the member's paxId). */
export const canActFor = (caller: Caller, paxId: number): boolean => caller.kind === 'participant' && (caller.paxId === paxId || caller.isAdmin);

export const assertCanActFor = (caller: Caller, paxId: number): void => {
  if (!canActFor(caller, paxId)) throw forbidden(`You may not act for participant ${paxId}`);
};

/** The actor an event records for this caller. */
export const actorOf = (caller: Caller): Actor => {
  switch (caller.kind) {
    case 'participant':
      if (caller.impersonatorId !== null) return { kind: 'admin-as-participant', adminId: caller.impersonatorId, paxId: caller.paxId };
      return caller.isAdmin ? { kind: 'admin', adminId: caller.paxId } : { kind: 'participant', paxId: caller.paxId };
    case 'practice':
      return caller.staff
        ? { kind: 'practice-staff', practiceId: caller.practiceId, userId: caller.staff.userId }
        : { kind: 'practice', practiceId: caller.practiceId, apiKeyId: caller.apiKeyId ?? 0 };
    case 'anonymous':
      return { kind: 'system', job: 'anonymous' };
    default: {
      const never: never = caller;
      return never;
    }
  }
};

import type { Actor } from '../../../event-schemas/metadata';
import type { ActorNames } from '../../../event-schemas/contract/audit-entries';

const UNNAMED: ActorNames = { admin: null, member: null };

/**
 * Who did it, in every history's words: the member, an admin, an admin acting as the member ("Avery Admin as Casey
 * Member"), a practice, or a system job. People are named where the answer names them; ids only where it does not
 * (issue 28: histories said "Admin 1").
 */
export const actorLabel = (actor: Actor, names: ActorNames = UNNAMED): string => {
  switch (actor.kind) {
    case 'participant':
      return names.member ?? 'Member';
    case 'admin':
      return names.admin ?? `Admin #${actor.adminId}`;
    case 'admin-as-participant':
      return `${names.admin ?? `Admin #${actor.adminId}`} as ${names.member ?? 'member'}`;
    case 'practice':
      return `Practice #${actor.practiceId}`;
    case 'practice-staff':
      return `Practice #${actor.practiceId} staff #${actor.userId}`;
    case 'system':
      return `System job (${actor.job})`;
    default: {
      const never: never = actor;
      return String(never);
    }
  }
};

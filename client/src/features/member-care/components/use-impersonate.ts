import { useLocation } from 'wouter';
import { paths } from '../../../config/routes';
import { useSession } from '../../../session/session-provider';
import { confirm, notify } from '../../../stores/dialogs';
import { memberCareApi } from '../api/member-care-api';

/**
 * Asks first (the admin then acts as the member, and everything they do names both), then hands the server's
 * impersonation session to the session machine, which stores it and shows the banner; LEAVE SESSION there ends it and
 * returns to the page the admin started from.
 */
export function useImpersonate() {
  const { sessionReceived } = useSession();
  const [, navigate] = useLocation();
  return (member: { paxId: number; firstName: string; lastName: string }) =>
    confirm({
      title: 'IMPERSONATE MEMBER?',
      message: `You will see and act as ${member.firstName} ${member.lastName} (member #${member.paxId}) until you leave the session. What you do is recorded under your name and theirs.`,
      yesLabel: 'IMPERSONATE',
      noLabel: 'CANCEL',
      onYes: () => {
        memberCareApi.impersonate(member.paxId).then(
          (answer) => {
            // Leaving the session comes back here (issue 54: it went to the member's /home).
            sessionReceived(answer, `${window.location.pathname}${window.location.search}`);
            // "~" leaves the /admin-tools nest.
            navigate(`~${paths.home}`);
          },
          (error: unknown) => notify({ severity: 'error', message: error instanceof Error ? error.message : 'The impersonation could not start' }),
        );
      },
    });
}

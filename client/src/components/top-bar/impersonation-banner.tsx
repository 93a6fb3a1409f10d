import { Button } from 'primereact/button';
import { useSession } from '../../session/session-provider';

export function ImpersonationBanner() {
  const { impersonated, pax, leaveImpersonation } = useSession();
  if (!impersonated || !pax) return null;
  return (
    <div className="impersonation-banner" role="status">
      <span>
        YOU ARE LOGGED IN AS {pax.firstName} {pax.lastName}
      </span>
      <Button label="LEAVE SESSION" size="small" outlined onClick={leaveImpersonation} />
    </div>
  );
}

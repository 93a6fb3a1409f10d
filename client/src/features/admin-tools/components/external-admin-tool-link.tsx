import { useEffect, useState } from 'react';
import { api } from '../../../lib/api';
import { useSession } from '../../../session/session-provider';
import { externalAdminLink, hostPrefixFor, type ExternalAdminTool } from '../external-admin-link';

/** The link to the external admin tool of this environment; nothing when none is configured for this host. */
export function ExternalAdminToolLink({ path }: { path: string }) {
  const { token, pax } = useSession();
  const [tool, setTool] = useState<ExternalAdminTool | null>(null);
  useEffect(() => {
    api.get<ExternalAdminTool>('/api/rest/admin/external-admin-tool').then(setTool, () => setTool(null));
  }, []);
  const prefix = tool && hostPrefixFor(window.location.hostname, tool);
  if (!prefix || !token || !pax) return null;
  // The session knows the admin by participant id; that is the user the tool is told.
  const user = String(pax.paxId);
  return (
    <p>
      <a href={externalAdminLink({ prefix, path, token, user })} target="_blank" rel="noopener noreferrer">
        External admin tool (opens in a new tab)
      </a>
    </p>
  );
}

import { Button } from 'primereact/button';
import { MemberSearch, fullName } from './components/member-search';
import { memberCarePaths } from './member-care-paths';
import { useImpersonate } from './components/use-impersonate';
import './member-care.css';

/** /admin-tools/impersonate: find a member and sign in as them, after confirming. */
export default function ImpersonatePage() {
  const impersonate = useImpersonate();
  return (
    <section className="member-care" aria-labelledby="impersonate-title">
      <h1 id="impersonate-title">Impersonate</h1>
      <p>See the portal exactly as a member does. The banner at the top ends the session and brings you back.</p>
      <MemberSearch
        idPrefix="impersonate"
        memberHref={(m) => memberCarePaths.member(m.paxId)}
        actions={(m) => <Button label="Impersonate" size="small" text onClick={() => impersonate(m)} aria-label={`Impersonate ${fullName(m)}`} />}
      />
    </section>
  );
}

import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Link, useSearch } from 'wouter';
import { PageLoader } from '../../components/page-loader';
import { formatDate, formatPhone, formatPoints, formatPostalCode } from '../../lib/format';
import { AccessLog } from './components/access-log';
import { BalanceReplay } from './components/balance-replay';
import { fullName } from './components/member-search';
import { memberCarePaths, paxIdParam } from './member-care-paths';
import { useState } from 'react';
import { EraseMemberDialog } from './components/erase-member-dialog';
import { useImpersonate } from './components/use-impersonate';
import { useMemberProfile, type MemberProfile } from './components/use-member-support';
import './member-care.css';

const byPreference = <T extends { preferred: string }>(items: readonly T[]) =>
  [...items].sort((a, b) => (a.preferred === 'Y' ? -1 : b.preferred === 'Y' ? 1 : 0));

function MemberFacts({ profile }: { profile: MemberProfile }) {
  const { member, contacts, points } = profile;
  const next = points.expiring[0];
  return (
    <dl className="member-care__facts">
      <dt>Member #</dt>
      <dd>{member.paxId}</dd>
      <dt>E-mail</dt>
      <dd>
        {byPreference(contacts.emails)
          .map((e) => e.emailAddress)
          .join(', ') || 'none'}
      </dd>
      <dt>Phone</dt>
      <dd>
        {byPreference(contacts.phones)
          .map((p) => formatPhone(p.phone))
          .join(', ') || 'none'}
      </dd>
      <dt>ZIP</dt>
      <dd>{member.postalCode ? formatPostalCode(member.postalCode) : 'none'}</dd>
      <dt>Balance</dt>
      <dd data-testid="member-balance">{formatPoints(points.balance)}</dd>
      <dt>Pending</dt>
      <dd>{formatPoints(points.pending)}</dd>
      <dt>Next to expire</dt>
      <dd>{next ? `${formatPoints(next.amount)} on ${formatDate(next.expirationDate)}` : 'nothing'}</dd>
    </dl>
  );
}

/** An erased member: nothing personal is left; their ledger (the replay) and who looked still are. */
function ErasedMember({ paxId, message }: { paxId: number; message: string }) {
  return (
    <>
      <h1 id="member-support-title">Erased member #{paxId}</h1>
      <Message severity="info" text={message} />
      <div className="member-care__actions">
        <Link href={memberCarePaths.employeeSearch}>Back to search</Link>
      </div>
      <BalanceReplay paxId={paxId} memberName={`Erased member #${paxId}`} />
      <AccessLog paxId={paxId} />
    </>
  );
}

function MemberSupport({ paxId }: { paxId: number }) {
  const [version, setVersion] = useState(0);
  const profile = useMemberProfile(paxId, version);
  const impersonate = useImpersonate();
  if (profile.status === 'loading') return <PageLoader label="Loading the member" />;
  if (profile.status === 'failed') return <Message severity="error" text={profile.message} role="alert" />;
  if (profile.status === 'erased') return <ErasedMember paxId={paxId} message={profile.message} />;
  const { member } = profile.value;
  const name = fullName(member);
  return (
    <>
      <h1 id="member-support-title">
        {name}
        {member.isAdmin && <span className="member-care__tag">Admin</span>}
      </h1>
      <MemberFacts profile={profile.value} />
      <div className="member-care__actions">
        <Button label="Impersonate" icon="pi pi-user" onClick={() => impersonate(member)} />
        <Link href={memberCarePaths.givePoints(paxId)} className="p-button p-button-outlined">
          Give points
        </Link>
        {!member.isAdmin && <EraseMemberDialog paxId={paxId} name={name} onErased={() => setVersion((v) => v + 1)} />}
        <Link href={memberCarePaths.employeeSearch}>Back to search</Link>
      </div>
      <BalanceReplay paxId={paxId} memberName={name} />
      <AccessLog paxId={paxId} />
    </>
  );
}

/** /admin-tools/employee-search/member?paxId=N: one member's contacts, balance and support replay. */
export default function MemberSupportPage() {
  const paxId = paxIdParam(new URLSearchParams(useSearch()).get('paxId'));
  return (
    <section className="member-care" aria-labelledby="member-support-title">
      {paxId === null ? (
        <>
          <h1 id="member-support-title">Member</h1>
          <p>
            No member chosen. <Link href={memberCarePaths.employeeSearch}>Find one in Member Search.</Link>
          </p>
        </>
      ) : (
        <MemberSupport key={paxId} paxId={paxId} />
      )}
    </section>
  );
}

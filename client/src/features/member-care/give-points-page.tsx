import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'wouter';
import { PageLoader } from '../../components/page-loader';
import { formatPoints } from '../../lib/format';
import { GivePointsForm } from './components/give-points-form';
import { givePointsModel } from './model';
import { fullName, MemberSearch } from './components/member-search';
import { memberCarePaths, paxIdParam } from './member-care-paths';
import { useMemberProfile } from './components/use-member-support';
import './member-care.css';

function ChosenMember({ paxId }: { paxId: number }) {
  const profile = useMemberProfile(paxId);
  useEffect(() => {
    givePointsModel.memberChosen(paxId);
  }, [paxId]);
  if (profile.status === 'loading') return <PageLoader label="Loading the member" />;
  if (profile.status === 'failed' || profile.status === 'erased') return <Message severity="error" text={profile.message} role="alert" />;
  const { member, points } = profile.value;
  const name = fullName(member);
  return (
    <>
      <p className="member-care__chosen">
        To <Link href={memberCarePaths.member(paxId)}>{name}</Link> (member #{paxId}), whose balance was {formatPoints(points.balance)} when this page opened.{' '}
        <Link href={memberCarePaths.givePoints()}>Choose another member</Link>
      </p>
      <GivePointsForm memberName={name} />
    </>
  );
}

/** /admin-tools/give-points[?paxId=N]: choose a member (or arrive with one), then award them points. */
export default function GivePointsPage() {
  const [params, setParams] = useSearchParams();
  const paxId = paxIdParam(params.get('paxId'));
  return (
    <section className="member-care" aria-labelledby="give-points-title">
      <h1 id="give-points-title">Give Points</h1>
      {paxId === null ? (
        <>
          <p>Choose the member to give points to.</p>
          <MemberSearch
            idPrefix="give-points"
            actions={(m) => (
              <Button label="Choose" size="small" text aria-label={`Choose ${fullName(m)}`} onClick={() => setParams({ paxId: String(m.paxId) })} />
            )}
          />
        </>
      ) : (
        <ChosenMember key={paxId} paxId={paxId} />
      )}
    </section>
  );
}

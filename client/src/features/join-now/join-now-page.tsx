import { useUnit } from 'effector-react';
import { Link } from 'wouter';
import { CampaignCopyPanel } from '../../components/campaign/campaign-copy';
import { paths } from '../../config/routes';
import { $trackedQuery } from '../../stores/route-query';

export default function JoinNowPage() {
  // A friend's personal link lands here; START ENROLLMENT carries its refCode on to the enrollment form.
  const { refCode } = useUnit($trackedQuery);
  return (
    <section className="join-now" aria-labelledby="join-title">
      <h1 id="join-title">Join Now</h1>
      <p>Membership is free and carries $20 in savings on your next qualifying treatment.</p>
      <CampaignCopyPanel contentType="campaignGlobal" />
      {refCode ? <p data-testid="referral-note">A friend invited you: you both earn a reward after your first treatment.</p> : null}
      <ul>
        <li>Earn points on every qualifying treatment.</li>
        <li>Redeem them for rewards at participating specialists.</li>
      </ul>
      <Link href={paths.enrollment} className="p-button">
        START ENROLLMENT
      </Link>
      <p>
        Already a member? <Link href={paths.login}>Sign in</Link>
      </p>
    </section>
  );
}

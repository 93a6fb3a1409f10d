import { Link } from 'wouter';
import { paths } from '../../config/routes';

export default function JoinNowPage() {
  return (
    <section className="join-now" aria-labelledby="join-title">
      <h1 id="join-title">Join Now</h1>
      <p>Membership is free and carries $20 in savings on your next qualifying treatment.</p>
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

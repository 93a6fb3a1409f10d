import { paths } from '../../config/routes';
import { useUnit } from 'effector-react';
import { useSession } from '../../session/session-provider';
import { $signOutGuard } from '../../stores/sign-out-guard';
import { useAdminAccess } from '../../stores/use-admin-access';
import { AccountMenu } from './account-menu';
import { Logo } from './logo';
import { NavLink } from './nav-link';

export function AuthenticatedTopBar() {
  const { pax, signOut } = useSession();
  const isAdmin = useAdminAccess() === 'admin';
  const guard = useUnit($signOutGuard);
  // Sign Out always ends in a sign-out; a page that would lose work may only ask first.
  const onSignOut = () => (guard ? guard(() => signOut()) : signOut());
  return (
    <header className="top-bar">
      <Logo href={paths.home} />
      <nav className="top-bar__nav" aria-label="Member">
        <NavLink href={paths.home}>Home</NavLink>
        <NavLink href={paths.wallet}>Wallet</NavLink>
        <NavLink href={paths.earn}>Earn</NavLink>
        {isAdmin && <NavLink href={paths.adminTools}>Admin Tools</NavLink>}
      </nav>
      <div className="top-bar__actions">
        <AccountMenu firstName={pax?.firstName ?? ''} onSignOut={onSignOut} />
      </div>
    </header>
  );
}

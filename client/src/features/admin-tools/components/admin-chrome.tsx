import { useUnit } from 'effector-react';
import { Logo } from '../../../components/top-bar/logo';
import { NavLink } from '../../../components/top-bar/nav-link';
import { paths } from '../../../config/routes';
import { useSession } from '../../../session/session-provider';
import { $signOutGuard } from '../../../stores/sign-out-guard';
import { adminToolLinks } from '../admin-tool-links';

/**
 * The admin tools' own frame: the tools side by side in one navigation, the way back to the portal and Sign Out. No
 * member chrome (account menu, safety information, sticky safety bar, footer, chat): none of it is for an
 * administrator, and the sticky bar covered the bottom of the tools' forms.
 */
export default function AdminChrome() {
  const { signOut } = useSession();
  const guard = useUnit($signOutGuard);
  // Sign Out always ends in a sign-out; a page that would lose work may only ask first.
  const onSignOut = () => (guard ? guard(() => signOut()) : signOut());
  return (
    <header className="top-bar admin-top-bar">
      <Logo href={paths.adminTools} />
      <nav className="top-bar__nav admin-top-bar__nav" aria-label="Admin tools">
        <NavLink href={paths.adminTools}>All tools</NavLink>
        {adminToolLinks.map(({ label, href }) => (
          <NavLink key={href} href={href}>
            {label}
          </NavLink>
        ))}
      </nav>
      <div className="top-bar__actions admin-top-bar__actions">
        <NavLink href={paths.home}>Member portal</NavLink>
        <button type="button" className="admin-top-bar__sign-out" onClick={onSignOut}>
          Sign Out
        </button>
      </div>
    </header>
  );
}

import { Logo } from '../../../components/top-bar/logo';
import { NavLink } from '../../../components/top-bar/nav-link';
import { paths } from '../../../config/routes';
import { practiceOf } from '../../../session/practice-session';
import { useSession } from '../../../session/session-provider';

/**
 * The practice's own frame: the front desk's three screens, the practice's name and Sign Out. None of the member
 * chrome (points, wallet, safety bar, chat) is for staff, and none of it loads for them.
 */
export default function PracticeChrome() {
  const { pax, signOut } = useSession();
  const practice = practiceOf(pax);
  return (
    <header className="top-bar admin-top-bar practice-top-bar">
      <Logo href={paths.practice} />
      <nav className="top-bar__nav admin-top-bar__nav" aria-label="Practice">
        <NavLink href={paths.practice}>Patients</NavLink>
        <NavLink href={paths.practiceStatements}>Statements</NavLink>
        {practice?.role === 'PRACTICE_ADMIN' && <NavLink href={paths.practiceStaff}>Staff and keys</NavLink>}
      </nav>
      <div className="top-bar__actions admin-top-bar__actions">
        <span className="practice-top-bar__who">
          {pax?.firstName} {pax?.lastName}, {practice?.name}
        </span>
        <button type="button" className="admin-top-bar__sign-out" onClick={() => signOut()}>
          Sign Out
        </button>
      </div>
    </header>
  );
}

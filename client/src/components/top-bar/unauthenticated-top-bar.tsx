import { Link, useLocation } from 'wouter';
import { landingSections } from '../../config/landing';
import { paths } from '../../config/routes';
import { scrollToLandingSection } from '../../lib/scroll-to-section';
import { Logo } from './logo';

const sectionLinks = [
  { label: 'Membership perks', section: landingSections.membershipPerks },
  { label: 'find a specialist', section: landingSections.findSpecialist },
  { label: 'Our brands', section: landingSections.ourBrands },
] as const;

export function UnauthenticatedTopBar() {
  const [pathname, navigate] = useLocation();
  return (
    <header className="top-bar">
      <Logo href={paths.landing} />
      <nav className="top-bar__nav" aria-label="Programme">
        {/* Links, not plain anchors: their hrefs carry the landing parameters as every link does (issue 54, item 15:
            they showed /landing#membership-perks whatever the query), and a modifier click opens a new tab there. */}
        {sectionLinks.map(({ label, section }) => (
          <Link
            key={section}
            className="top-bar__link"
            href={`${paths.landing}#${section}`}
            onClick={(event) => {
              event.preventDefault();
              scrollToLandingSection(section, { pathname, navigate });
            }}
          >
            {label}
          </Link>
        ))}
      </nav>
      <div className="top-bar__actions">
        <Link href={paths.login} className="p-button p-button-outlined p-button-sm">
          SIGN IN
        </Link>
        <Link href={paths.joinNow} className="p-button p-button-sm">
          JOIN NOW
        </Link>
      </div>
    </header>
  );
}

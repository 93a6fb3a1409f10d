import { Link } from 'wouter';
import { adminToolLinks } from './admin-tool-links';
import { ExternalAdminToolLink } from './components/external-admin-tool-link';
import './admin-tools-page.css';

const purposeId = (href: string) => `tool-purpose-${href.split('/').pop()}`;

/** /admin-tools: every tool with a line of what it is for, tied to its link for a screen reader. */
export function AdminToolsPage() {
  return (
    <section className="admin-tools-page" aria-labelledby="admin-tools-title">
      <h1 id="admin-tools-title">Admin Tools</h1>
      <ul className="admin-tools-page__links">
        {adminToolLinks.map(({ label, href, purpose }) => (
          <li key={href}>
            <Link href={`~${href}`} aria-describedby={purposeId(href)}>
              {label}
            </Link>
            <p id={purposeId(href)}>{purpose}</p>
          </li>
        ))}
      </ul>
      <ExternalAdminToolLink path="/admin-tools" />
    </section>
  );
}

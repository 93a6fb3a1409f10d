import { Link } from 'wouter';
import { adminToolLinks } from './admin-tool-links';
import { ExternalAdminToolLink } from './components/external-admin-tool-link';

export function AdminToolsPage() {
  return (
    <section className="admin-tools-page" aria-labelledby="admin-tools-title">
      <h1 id="admin-tools-title">Admin Tools</h1>
      <ul className="admin-tools-page__links">
        {adminToolLinks.map(({ label, href }) => (
          <li key={href}>
            <Link href={`~${href}`}>{label}</Link>
          </li>
        ))}
      </ul>
      <ExternalAdminToolLink path="/admin-tools" />
    </section>
  );
}

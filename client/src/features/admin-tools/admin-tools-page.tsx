import { Link } from 'wouter';
import { adminToolLinks } from './admin-tool-links';

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
    </section>
  );
}

import { Link } from 'wouter';
import { paths } from '../config/routes';

export function NotFoundPage() {
  return (
    <section className="not-found-page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>The page you were looking for does not exist or has moved.</p>
      <Link href={paths.landing}>Go to the start page</Link>
    </section>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'wouter';

export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={(active) => (active ? 'top-bar__link top-bar__link--active' : 'top-bar__link')}>
      {children}
    </Link>
  );
}

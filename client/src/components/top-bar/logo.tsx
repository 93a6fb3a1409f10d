import { Link } from 'wouter';

export function Logo({ href }: { href: string }) {
  return (
    <Link href={href} className="logo" aria-label="Rewards programme, go to start page">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="var(--brand-primary)" />
        <path d="M16 7l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6-4.5-4.2 6.1-.7z" fill="var(--brand-nude-50)" />
      </svg>
      <span className="logo__word">Rewards</span>
    </Link>
  );
}

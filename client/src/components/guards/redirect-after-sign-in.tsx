import { useEffect } from 'react';
import { Redirect } from 'wouter';
import { paths } from '../../config/routes';
import { forgetReturnTo, peekReturnTo } from '../../lib/return-to';

/**
 * A signed-in visitor on the sign-in or join page goes to the page they asked for, or /home. The render only reads the
 * path; it is forgotten once this redirect is committed, so a render React discards (and repeats) still finds it.
 */
export function RedirectAfterSignIn({ practice = false }: { practice?: boolean }) {
  const asked = peekReturnTo();
  // Staff go to the practice's screens whatever they asked for before signing in, unless it was one of those.
  const to = practice ? (asked?.startsWith(paths.practice) ? asked : paths.practice) : (asked ?? paths.home);
  useEffect(() => forgetReturnTo(), []);
  return <Redirect to={to} replace />;
}

import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { dialogOpened } from '../../stores/dialogs';

/** Internal link clicked with the primary button and no modifier, or null. */
const internalLinkOf = (event: MouseEvent): string | null => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank') return null;
  // A menu item (Sign Out among them) is an anchor to "#" that runs a command: it navigates nowhere, so it is not a
  // way out to ask about, and stopping its click kept Sign Out from ever running.
  if (anchor.getAttribute('href')?.startsWith('#')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || (url.pathname === window.location.pathname && url.hash)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
};

/** While `dirty`, leaving by an internal link asks first (the leave-page warning), and closing the tab asks the browser's way. */
export function useLeavePageWarning(dirty: boolean) {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!dirty) return;
    const onClick = (event: MouseEvent) => {
      const to = internalLinkOf(event);
      if (!to) return;
      event.preventDefault();
      event.stopPropagation();
      dialogOpened({ name: 'leavePage', content: { onLeave: () => navigate(to) } });
    };
    const onUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [dirty, navigate]);
}

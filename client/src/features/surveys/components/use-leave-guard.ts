import { useEffect, useRef } from 'react';

const isPlainLeftClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * While `active`, every way out of the page asks first: in-app links (caught before wouter sees the click), the
 * browser's back button (a duplicate history entry absorbs it) and closing or reloading the tab (beforeunload).
 */
export function useLeaveGuard(active: boolean, onLeave: (to: string) => void): void {
  const leave = useRef(onLeave);
  leave.current = onLeave;

  useEffect(() => {
    if (!active) return;
    const onClick = (e: MouseEvent) => {
      const anchor = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!anchor || !isPlainLeftClick(e) || (anchor.target && anchor.target !== '_self')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      e.preventDefault();
      e.stopPropagation();
      leave.current(url.pathname + url.search + url.hash);
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    const onPopState = () => {
      window.history.pushState({ surveyGuard: true }, '', window.location.href);
      leave.current('back');
    };
    // Once only: React's development double-mount must not stack two entries.
    if (!(window.history.state as { surveyGuard?: boolean } | null)?.surveyGuard) window.history.pushState({ surveyGuard: true }, '', window.location.href);
    window.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('popstate', onPopState);
    };
  }, [active]);
}

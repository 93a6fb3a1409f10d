import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { dialogOpened } from '../../stores/dialogs';

/** Internal link clicked with the primary button and no modifier, or null. */
const internalLinkOf = (event: MouseEvent): string | null => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank') return null;
  // A menu item (Sign Out among them) is an anchor to "#" that runs a command: it navigates nowhere, so it is not a
  // way out to ask about, and stopping its click kept Sign Out from ever running. A command that does navigate goes
  // through navigateOrAsk below.
  if (anchor.getAttribute('href')?.startsWith('#')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || (url.pathname === window.location.pathname && url.hash)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
};

/** A page holding unsaved data: whether it still does (read when the member tries to leave), and what leaving drops. */
interface OpenGuard {
  dirtyNow: () => boolean;
  discard: () => void;
}
const openGuards = new Map<symbol, OpenGuard>();
const guardsHolding = () => [...openGuards.values()].filter((g) => g.dirtyNow());

const askThenLeave = (to: string, navigate: (to: string) => void) =>
  dialogOpened({
    name: 'leavePage',
    content: {
      onLeave: () => {
        for (const guard of guardsHolding()) guard.discard();
        navigate(to);
      },
    },
  });

/**
 * A navigation made in code rather than by a link (the account menu's items are commands): it asks first while a
 * page holds unsaved data, as a link does. The account menu left a gift being written without a word (issue 54, 11).
 */
export function navigateOrAsk(to: string, navigate: (to: string) => void): void {
  if (guardsHolding().length === 0) navigate(to);
  else askThenLeave(to, navigate);
}

interface Options {
  /** Runs when the member leaves anyway: the warning says the changes will be lost, so a draft kept in a store is dropped. */
  discard?: () => void;
  /**
   * Whether the data is still unsaved, read from its store when the member tries to leave. The rendered `dirty` can be
   * stale: a page that saved and navigated to a lazily loaded page stays mounted, as it was, until that page's code
   * arrives (the gift just added to the cart asked to be left).
   */
  dirtyNow?: () => boolean;
}

/**
 * While `dirty`, leaving by an internal link or a navigating menu command asks first (the leave-page warning), and
 * closing the tab asks the browser's way.
 */
export function useLeavePageWarning(dirty: boolean, options: Options = {}) {
  const [, navigate] = useLocation();
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    if (!dirty) return;
    const key = Symbol('leave-guard');
    const guard: OpenGuard = { dirtyNow: () => latest.current.dirtyNow?.() ?? true, discard: () => latest.current.discard?.() };
    openGuards.set(key, guard);
    const onClick = (event: MouseEvent) => {
      const to = internalLinkOf(event);
      if (!to || !guard.dirtyNow()) return;
      event.preventDefault();
      event.stopPropagation();
      askThenLeave(to, navigate);
    };
    const onUnload = (event: BeforeUnloadEvent) => {
      if (guard.dirtyNow()) event.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      openGuards.delete(key);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [dirty, navigate]);
}

import { useEffect, useState, type ComponentType } from 'react';
import { TOKEN_STORAGE_KEY } from '../../config/session';

type Chrome = { state: 'loading' } | { state: 'ready'; Component: ComponentType } | { state: 'failed' };

let loaded: Chrome = { state: 'loading' };
let loading: Promise<Chrome> | null = null;

/** One load per tab. A failed one (the network) is not repeated by itself: a loop of retries would hammer a server that is down. */
const loadMemberChrome = (): Promise<Chrome> =>
  (loading ??= import('./member-chrome').then(
    (module) => (loaded = { state: 'ready', Component: module.default }),
    (): Chrome => ({ state: 'failed' }),
  ));

/**
 * The member frame (top bar, account menu, impersonation banner), loaded once signed in or while a stored session is
 * checked: the account menu is the heaviest piece of the shell, and a visitor who never signs in does not pay for it.
 * The layout holds the page until it is here: a frame that arrived after the page pushed it down (6 px on a desktop, a
 * whole row of links on a phone) under a click already aimed. 'failed' shows the page under the logo alone rather than
 * never; reloading tries again.
 */
export function useMemberChrome(wanted: boolean): Chrome {
  const [chrome, setChrome] = useState<Chrome>(loaded);
  useEffect(() => {
    if (!wanted || chrome.state !== 'loading') return;
    let current = true;
    void loadMemberChrome().then((next) => {
      if (current) setChrome(next);
    });
    return () => {
      current = false;
    };
  }, [wanted, chrome.state]);
  return chrome;
}

/**
 * Whether this tab holds a stored session (being checked as the page loads): then the member frame is most likely
 * next, and loading it beside the check leaves the page unseen for no longer than the check. Storage that cannot be
 * read counts as none.
 */
export const hasStoredSession = (): boolean => {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
};

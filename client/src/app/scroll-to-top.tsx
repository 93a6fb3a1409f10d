import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';

/**
 * Every route change starts at the top of the new page: the browser keeps the window's scroll position across
 * client-side navigation, so a footer link opened the next page at its bottom. A link to an anchor (a hash) goes to
 * that anchor when the page has it; a change of query alone (a filter) is not a new page and keeps its place.
 */
export function ScrollToTop() {
  const [path] = useLocation();
  useLayoutEffect(() => {
    const anchor = window.location.hash ? document.getElementById(decodeURIComponent(window.location.hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [path]);
  return null;
}

import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { pageTitle } from './page-titles';

/** Names the browser tab after the page shown (page-titles.ts); placed before the routes, so a page may refine it. */
export function DocumentTitle() {
  const [path] = useLocation();
  useEffect(() => {
    document.title = pageTitle(path);
  }, [path]);
  return null;
}

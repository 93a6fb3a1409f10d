import { LANDING_PATH, LANDING_SCROLL_DELAY_MS } from '../config/landing';

export interface ScrollToSectionDeps {
  pathname: string;
  navigate: (to: string) => void;
  scroll?: (sectionId: string) => void;
  schedule?: (run: () => void, ms: number) => unknown;
}

const scrollIntoView = (sectionId: string) => document.getElementById(sectionId)?.scrollIntoView({ behavior: 'smooth', block: 'start' });

const isLanding = (pathname: string) => pathname === '/' || pathname === LANDING_PATH;

/** On the landing page it scrolls at once; elsewhere it goes to the landing page and scrolls once that has rendered. */
export const scrollToLandingSection = (
  sectionId: string,
  { pathname, navigate, scroll = scrollIntoView, schedule = (run, ms) => setTimeout(run, ms) }: ScrollToSectionDeps,
): void => {
  if (isLanding(pathname)) {
    scroll(sectionId);
    return;
  }
  navigate(LANDING_PATH);
  schedule(() => scroll(sectionId), LANDING_SCROLL_DELAY_MS);
};

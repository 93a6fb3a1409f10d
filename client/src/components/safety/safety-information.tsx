import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { globalContent, importantSafetyInformation, safetyInformationHeader, type SafetyInformation } from '../../stores/content';
import { RichText } from '../content/rich-text';
import { ISI_SECTION_ID, isiBrandSectionId, OPEN_ISI_EVENT, scrollToIsi } from './isi-events';

const byBrand = (entries: SafetyInformation[]) => {
  const groups = new Map<string, SafetyInformation[]>();
  for (const entry of entries) groups.set(entry.brand, [...(groups.get(entry.brand) ?? []), entry]);
  return [...groups.entries()];
};

const returnToTop = () => {
  window.scrollTo({ top: 0, behavior: 'smooth' });
  document.getElementById('main')?.focus({ preventScroll: true });
};

/** The sticky bar (unless global content hides it) and the full section, with 'Return to Top' per brand. */
export function SafetyInformation() {
  const [isi, header, global] = useUnit([importantSafetyInformation.$state, safetyInformationHeader.$state, globalContent.$state]);
  useEffect(() => {
    importantSafetyInformation.requested();
    safetyInformationHeader.requested();
    globalContent.requested();
    const onOpen = (event: Event) => scrollToIsi((event as CustomEvent<{ brand?: string } | undefined>).detail?.brand);
    window.addEventListener(OPEN_ISI_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_ISI_EVENT, onOpen);
  }, []);
  const bar = useRef<HTMLDivElement>(null);
  // The bar's height as --isi-bar-height on the page: scrolling keeps what it brings into view above the bar, and a
  // page's sticky actions (the survey's NEXT) sit on top of it. It changes with the summary's wrap and the screen.
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const publish = () => document.documentElement.style.setProperty('--isi-bar-height', `${element.hidden ? 0 : element.offsetHeight}px`);
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    publish();
    return () => {
      observer.disconnect();
      document.documentElement.style.removeProperty('--isi-bar-height');
    };
  }, []);
  const title = header.contents?.title ?? 'IMPORTANT SAFETY INFORMATION';
  const showBar = global.isLoaded && header.isLoaded && !global.contents?.hideIsiHeader;
  return (
    <>
      <section id={ISI_SECTION_ID} className="isi" aria-labelledby="isi-title" tabIndex={-1}>
        <h2 id="isi-title">{title}</h2>
        {byBrand(isi.contents).map(([brand, entries]) => (
          <div key={brand} id={isiBrandSectionId(brand)} className="isi__brand" tabIndex={-1}>
            <h3>{entries[0].brandName}</h3>
            {entries.map((entry) => (
              <div key={`${entry.brand}-${entry.order}`}>
                <h4>{entry.heading}</h4>
                <RichText paragraphs={entry.paragraphs} body={entry.body} />
              </div>
            ))}
            <a
              href="#main"
              className="isi__top"
              onClick={(event) => {
                event.preventDefault();
                returnToTop();
              }}
            >
              Return to Top
            </a>
          </div>
        ))}
      </section>
      {/* Reserved height even before content arrives: nothing shifts when it does. */}
      <div ref={bar} className="isi-bar" data-testid="isi-bar" hidden={global.isLoaded && !showBar}>
        <button type="button" className="isi-bar__toggle" onClick={() => scrollToIsi()}>
          <span className="isi-bar__title">{title}</span>
          <span className="isi-bar__summary">{header.contents?.summary ?? ''}</span>
          <span className="isi-bar__more">
            See full safety information <i className="pi pi-angle-down" aria-hidden="true" />
          </span>
        </button>
      </div>
    </>
  );
}

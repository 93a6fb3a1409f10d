import { useEffect, useState } from 'react';
import { RichText } from '../../components/content/rich-text';
import { PageLoader } from '../../components/page-loader';
import { readPageContentFx, type PageContent } from '../../stores/content';

/** A page whose copy comes from a `pageContent` entry; extra children render below it. */
export function ContentPage({ slug, fallbackTitle, children }: { slug: string; fallbackTitle: string; children?: React.ReactNode }) {
  const [page, setPage] = useState<PageContent | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    readPageContentFx(slug)
      .then((found) => live && setPage(found))
      .catch(() => live && setPage(null));
    return () => {
      live = false;
    };
  }, [slug]);
  const title = page?.title ?? fallbackTitle;
  return (
    <article className="content-page" aria-labelledby={`${slug}-title`}>
      <h1 id={`${slug}-title`}>{title}</h1>
      {page === undefined && <PageLoader label={`Loading ${fallbackTitle}`} />}
      {page === null && <p>This page's content is not available right now. Please try again later.</p>}
      {page?.sections.map((section) => (
        <section key={section.heading} className="content-page__section">
          <h2>{section.heading}</h2>
          <RichText paragraphs={section.paragraphs} body={section.body} />
        </section>
      ))}
      {children}
    </article>
  );
}

import { useCallback, useState } from 'react';
import { RichText } from '../../../components/content/rich-text';
import type { PromotionPage } from '../../../stores/content';
import { readPagesByEntryId } from '../api/promo-api';

export type Preview = PromotionPage | 'loading' | 'missing' | 'failed';

/** Previews by content entry id; a later read of the same id replaces the earlier one. */
export function usePagePreviews() {
  const [previews, setPreviews] = useState<Record<string, Preview>>({});
  const load = useCallback((ids: readonly string[]) => {
    const wanted = [...new Set(ids.filter(Boolean))];
    if (!wanted.length) return;
    setPreviews((p) => ({ ...p, ...Object.fromEntries(wanted.map((id) => [id, 'loading' as const])) }));
    readPagesByEntryId(wanted).then(
      (found) => setPreviews((p) => ({ ...p, ...Object.fromEntries(wanted.map((id) => [id, found[id] ?? ('missing' as const)])) })),
      () => setPreviews((p) => ({ ...p, ...Object.fromEntries(wanted.map((id) => [id, 'failed' as const])) })),
    );
  }, []);
  return { previews, load };
}

const isQuestion = (q: unknown): q is { question: string; answer: string } =>
  typeof q === 'object' && q !== null && typeof (q as { question?: unknown }).question === 'string' && typeof (q as { answer?: unknown }).answer === 'string';

/** One page's copy as members would read it (text, safe rich text, or questions), read-only. */
export function PagePreview({ entryId, preview, promotionId }: { entryId: string; preview: Preview | undefined; promotionId?: string }) {
  if (!preview) return null;
  if (preview === 'loading') return <p role="status">Loading the preview…</p>;
  if (preview === 'missing') return <p className="promo-builder__warning">No promotionWebsite entry has the id {entryId}.</p>;
  if (preview === 'failed') return <p className="promo-builder__warning">The content could not be read; try again.</p>;
  const questions = Array.isArray(preview.questions) ? preview.questions.filter(isQuestion) : [];
  return (
    <article className="promo-builder__preview" aria-label={`Preview of ${preview.title}`}>
      <p className="promo-builder__preview-meta">
        Entry {entryId}, page {preview.page}
        {promotionId && preview.promotionId !== promotionId && `, filed under promotion ${preview.promotionId}`}
      </p>
      <h3>{preview.title}</h3>
      <RichText paragraphs={preview.paragraphs} body={preview.body} />
      {questions.length > 0 && (
        <dl>
          {questions.map((q) => (
            <div key={q.question}>
              <dt>{q.question}</dt>
              <dd>{q.answer}</dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}

import { RichText } from '../../../components/content/rich-text';
import type { PromotionPage } from '../../../stores/content';

const isQuestion = (q: unknown): q is { question: string; answer: string } =>
  typeof q === 'object' && q !== null && typeof (q as { question?: unknown }).question === 'string' && typeof (q as { answer?: unknown }).answer === 'string';

/** One page of a promotion's website. Content is text or the safe rich-text subset, never raw HTML. */
export function PromotionPageContent({ page }: { page: PromotionPage | undefined }) {
  if (!page) return <p>This page is not available right now. Please try again later.</p>;
  const questions = Array.isArray(page.questions) ? page.questions.filter(isQuestion) : [];
  return (
    <>
      <h2 className="promotion-page__title">{page.title}</h2>
      <RichText paragraphs={page.paragraphs} body={page.body} />
      {questions.length > 0 && (
        <dl className="promotion-faq">
          {questions.map((q) => (
            <div key={q.question}>
              <dt>{q.question}</dt>
              <dd>{q.answer}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}

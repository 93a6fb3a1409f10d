import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { surveyBuilderApi, type SurveyFreeTextPage } from '../api/survey-builder-api';

const PAGE_SIZE = 10;

/**
 * A question's free texts, a page at a time, opened on demand: they name the members who wrote them, so each page
 * read is in those members' access logs (the button says so before anything is read).
 */
export function FreeTexts({ surveyId, questionId, total, label }: { surveyId: number; questionId: number; total: number; label: string }) {
  const [page, setPage] = useState<number | null>(null);
  const [shown, setShown] = useState<SurveyFreeTextPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (page === null) return;
    let current = true;
    surveyBuilderApi.freeTexts(surveyId, questionId, page, PAGE_SIZE).then(
      (p) => current && setShown(p),
      (e: unknown) => current && setError(e instanceof Error ? e.message : 'Could not load the answers'),
    );
    return () => {
      current = false;
    };
  }, [surveyId, questionId, page]);

  if (total === 0) return <p>No written answers yet.</p>;
  if (page === null)
    return (
      <p className="survey-results__open">
        {total.toLocaleString('en-US')} written {total === 1 ? 'answer' : 'answers'}.{' '}
        <Button
          label="Show written answers"
          aria-label={`Show written answers to ${label}`}
          size="small"
          outlined
          onClick={() => setPage(0)}
          aria-describedby={`free-texts-note-${questionId}`}
        />{' '}
        <small id={`free-texts-note-${questionId}`}>Opening them is recorded in each writer’s access log.</small>
      </p>
    );
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div className="survey-results__texts">
      {error && <Message severity="error" text={error} role="alert" />}
      <ul aria-label={`Written answers to ${label}`}>
        {(shown?.items ?? []).map((t, i) => (
          <li key={`${t.paxId}-${t.submittedAt}-${i}`}>
            <blockquote>{t.text}</blockquote>
            <small>
              {t.memberName} (member #{t.paxId}), {formatDateTime(t.submittedAt)}
            </small>
          </li>
        ))}
      </ul>
      <div className="survey-builder__toolbar">
        <Button label="Previous" size="small" text disabled={page === 0} onClick={() => setPage(page - 1)} />
        <span aria-live="polite">
          Page {page + 1} of {pages}
        </span>
        <Button label="Next" size="small" text disabled={page + 1 >= pages} onClick={() => setPage(page + 1)} />
      </div>
    </div>
  );
}

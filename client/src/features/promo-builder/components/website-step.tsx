import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { PAGE_NAMES, type PageName } from '../api/promo-api';
import { faqHasText, hasCopy, PAGE_LABELS, pageEntryId, type PageDraft } from '../promo-draft';
import { FieldRow, invalidProps } from './field-row';
import type { StepProps } from './step-props';

const HINTS: Record<PageName, string> = {
  OVERVIEW: 'What the promotion offers, in a few paragraphs (a blank line starts a new one).',
  RULES: 'The rules members must know, one paragraph each (a blank line starts a new one).',
  FAQ: 'Questions members ask, with their answers.',
};

/**
 * Step 4: the tile title, and the OVERVIEW, RULES and FAQ copy written here. On save each page with copy becomes a
 * content entry (content type promotionWebsite, filed under the promotion's id) through the content admin calls;
 * members read it through the Contentful SDK as before. Text is shown as text: nothing written here is HTML.
 */
export function WebsiteStep({ draft, errors, set, readOnly }: StepProps) {
  const setPage = (page: PageName, patch: Partial<PageDraft>) =>
    set({ pages: { ...draft.pages, [page]: { ...draft.pages[page], ...patch } } }, [`website.webPages.${page}`]);
  // The FAQ question being asked about before it goes (only the FAQ page has questions).
  const [confirmQuestion, setConfirmQuestion] = useState<number | null>(null);
  const removeQuestion = (i: number) => {
    setConfirmQuestion(null);
    setPage('FAQ', { questions: draft.pages.FAQ.questions.filter((_, j) => j !== i) });
  };
  return (
    <>
      <div className="promo-builder__form">
        <FieldRow id="promo-tileTitle" label="Tile title (the name when empty)" error={errors['website.tile.title']}>
          <InputText
            id="promo-tileTitle"
            value={draft.tileTitle}
            disabled={readOnly}
            {...invalidProps('promo-tileTitle', errors['website.tile.title'])}
            onChange={(e) => set({ tileTitle: e.target.value }, ['website.tile.title'])}
          />
        </FieldRow>
      </div>
      {PAGE_NAMES.map((page) => {
        const p = draft.pages[page];
        const id = `promo-page-${page}`;
        const error = Object.entries(errors)
          .filter(([key]) => key.startsWith(`website.webPages.${page}`))
          .map(([, m]) => m)
          .join('; ');
        return (
          <fieldset key={page} className="promo-builder__page">
            <legend>{PAGE_LABELS[page]} page</legend>
            <div className="promo-builder__checks">
              <Checkbox inputId={`${id}-active`} checked={p.active} disabled={readOnly} onChange={(e) => setPage(page, { active: !!e.checked })} />
              <label htmlFor={`${id}-active`}>Show this page to members</label>
            </div>
            <div className="promo-builder__form">
              <label htmlFor={`${id}-title`}>Page title</label>
              <InputText id={`${id}-title`} value={p.title} disabled={readOnly} onChange={(e) => setPage(page, { title: e.target.value })} />
              {page !== 'FAQ' && (
                <FieldRow id={`${id}-text`} label="Text" error={error || undefined}>
                  <InputTextarea
                    id={`${id}-text`}
                    rows={5}
                    value={p.text}
                    disabled={readOnly}
                    {...invalidProps(`${id}-text`, error || undefined)}
                    aria-describedby={error ? `${id}-text-error ${id}-hint` : `${id}-hint`}
                    onChange={(e) => setPage(page, { text: e.target.value })}
                  />
                </FieldRow>
              )}
            </div>
            <p className="promo-builder__preview-meta" id={`${id}-hint`}>
              {HINTS[page]} {hasCopy(p, page) ? `Saved as content entry ${pageEntryId(draft, page)}.` : 'With no copy, the promotion has no such page.'}
            </p>
            {page === 'FAQ' && (
              <div className="promo-builder__faq">
                {p.questions.map((q, i) => (
                  <div key={i} className="promo-builder__form">
                    <label htmlFor={`${id}-q-${i}`}>Question {i + 1}</label>
                    <InputText
                      id={`${id}-q-${i}`}
                      value={q.question}
                      disabled={readOnly}
                      onChange={(e) => setPage(page, { questions: p.questions.map((x, j) => (j === i ? { ...x, question: e.target.value } : x)) })}
                    />
                    <label htmlFor={`${id}-a-${i}`}>Answer {i + 1}</label>
                    <InputTextarea
                      id={`${id}-a-${i}`}
                      rows={2}
                      value={q.answer}
                      disabled={readOnly}
                      onChange={(e) => setPage(page, { questions: p.questions.map((x, j) => (j === i ? { ...x, answer: e.target.value } : x)) })}
                    />
                    {!readOnly &&
                      (confirmQuestion === i ? (
                        <p>
                          <span role="alert">Remove question {i + 1} and its answer?</span>{' '}
                          <Button type="button" label={`Yes, remove question ${i + 1}`} severity="danger" size="small" onClick={() => removeQuestion(i)} />
                          <Button type="button" label={`Keep question ${i + 1}`} text size="small" onClick={() => setConfirmQuestion(null)} />
                        </p>
                      ) : (
                        // An empty question goes at once; one with text is asked about first, as in the survey builder.
                        <Button
                          type="button"
                          label={`Remove question ${i + 1}`}
                          text
                          severity="danger"
                          size="small"
                          onClick={() => (faqHasText(q) ? setConfirmQuestion(i) : removeQuestion(i))}
                        />
                      ))}
                  </div>
                ))}
                {!readOnly && (
                  <Button
                    type="button"
                    label="Add a question"
                    icon="pi pi-plus"
                    text
                    size="small"
                    onClick={() => setPage(page, { questions: [...p.questions, { question: '', answer: '' }] })}
                  />
                )}
              </div>
            )}
          </fieldset>
        );
      })}
    </>
  );
}

import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import type { SectionDraft } from '../api/survey-builder-api';
import { QuestionEditor } from './question-editor';
import { removeAt, replaceAt } from '../../../lib/lists';
import { newQuestion } from '../survey-draft';
import { FieldError, useFieldProps } from './survey-field-state';

/** One section is one page of the member's survey. */
export function SectionEditor({
  section: s,
  index,
  onChange,
  onRemove,
}: {
  section: SectionDraft;
  index: number;
  onChange: (s: SectionDraft) => void;
  onRemove: () => void;
}) {
  const id = (what: string) => `section-${index}-${what}`;
  const name = useFieldProps(id('name'));
  const description = useFieldProps(id('description'));
  const instructions = useFieldProps(id('instructions'));
  // Removing a page drops its questions too: asked once more before it happens.
  const [confirmRemove, setConfirmRemove] = useState(false);
  const remove = () => {
    setConfirmRemove(false);
    onRemove();
  };
  return (
    <fieldset className="survey-builder__section">
      <legend>Page {index + 1}</legend>
      <label htmlFor={id('name')}>Section name</label>
      <InputText id={id('name')} value={s.name} onChange={(e) => onChange({ ...s, name: e.target.value })} {...name.props} />
      <FieldError id={id('name')} error={name.error} />
      <label htmlFor={id('description')}>Description</label>
      <InputTextarea
        id={id('description')}
        value={s.description}
        rows={2}
        onChange={(e) => onChange({ ...s, description: e.target.value })}
        {...description.props}
      />
      <FieldError id={id('description')} error={description.error} />
      <label htmlFor={id('instructions')}>Instructions</label>
      <InputTextarea
        id={id('instructions')}
        value={s.instructions}
        rows={2}
        onChange={(e) => onChange({ ...s, instructions: e.target.value })}
        {...instructions.props}
      />
      <FieldError id={id('instructions')} error={instructions.error} />
      <div className="survey-builder__checks">
        <Checkbox inputId={id('show-name')} checked={s.showName} onChange={(e) => onChange({ ...s, showName: !!e.checked })} />
        <label htmlFor={id('show-name')}>Show name</label>
        <Checkbox inputId={id('show-instructions')} checked={s.showInstructions} onChange={(e) => onChange({ ...s, showInstructions: !!e.checked })} />
        <label htmlFor={id('show-instructions')}>Show instructions</label>
      </div>
      {s.questions.map((q, qi) => (
        <QuestionEditor
          key={qi}
          path={`section-${index}-question-${qi}`}
          question={q}
          onChange={(next) => onChange({ ...s, questions: replaceAt(s.questions, qi, next) })}
          onRemove={() => onChange({ ...s, questions: removeAt(s.questions, qi) })}
        />
      ))}
      <div className="survey-builder__row-actions">
        <Button label="Add question" text onClick={() => onChange({ ...s, questions: [...s.questions, newQuestion()] })} />
        {confirmRemove ? (
          <>
            <span role="alert">
              Remove page {index + 1} and its {s.questions.length === 1 ? 'question' : `${s.questions.length} questions`}?
            </span>
            <Button label="Yes, remove the page" severity="danger" size="small" onClick={remove} />
            <Button label="Keep the page" text size="small" onClick={() => setConfirmRemove(false)} />
          </>
        ) : (
          <Button label="Remove page" text severity="danger" onClick={() => setConfirmRemove(true)} />
        )}
      </div>
    </fieldset>
  );
}

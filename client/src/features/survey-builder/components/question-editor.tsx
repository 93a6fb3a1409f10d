import { Button } from 'primereact/button';
import { useState } from 'react';
import { inWords, QUESTION_TYPE_WORDS } from '../words';
import { NativeSelect } from '../../../components/native-select';
import { InputNumber } from 'primereact/inputnumber';
import { InputText, type InputTextProps } from 'primereact/inputtext';
import type { QuestionDraft, QuestionTypeCode } from '../api/survey-builder-api';
import { removeAt, replaceAt } from '../../../lib/lists';
import { withType } from '../survey-draft';
import { FieldError, useFieldProps } from './survey-field-state';
import { ScaleRange } from './scale-range-editor';

/** Whether removing the question would lose something the admin typed. */
const hasText = (q: QuestionDraft) => q.text.trim() !== '' || q.answers.some((a) => a.text.trim() !== '');

const TYPES: QuestionTypeCode[] = ['MULTIPLE_ONE', 'MULTIPLE_CHOICE', 'TRUE_FALSE', 'SCALE', 'USER_RESPONSE'];

/** One answer's text, with its error (the question's answers' error stands on the first). */
function AnswerInput({ id, ...rest }: { id: string } & InputTextProps) {
  const { error, props } = useFieldProps(id);
  return (
    <span className="survey-builder__answer-input">
      <InputText id={id} {...rest} {...props} />
      <FieldError id={id} error={error} />
    </span>
  );
}

export function QuestionEditor({
  question: q,
  path,
  onChange,
  onRemove,
}: {
  question: QuestionDraft;
  path: string;
  onChange: (q: QuestionDraft) => void;
  onRemove: () => void;
}) {
  const [confirmRemove, setConfirmRemove] = useState(false);
  const id = (what: string) => `${path}-${what}`;
  const text = useFieldProps(id('text'));
  const type = useFieldProps(id('type'));
  const required = useFieldProps(id('required'));
  const max = useFieldProps(id('max'));
  return (
    <div className="survey-builder__question">
      <label htmlFor={id('text')}>Question</label>
      <InputText id={id('text')} value={q.text} onChange={(e) => onChange({ ...q, text: e.target.value })} {...text.props} />
      <FieldError id={id('text')} error={text.error} />
      <label htmlFor={id('type')}>Type</label>
      <NativeSelect<QuestionTypeCode>
        id={id('type')}
        value={q.questionTypeCode}
        options={inWords(QUESTION_TYPE_WORDS, TYPES)}
        onChange={(next) => onChange(withType(q, next))}
        aria-invalid={type.props['aria-invalid']}
        aria-describedby={type.props['aria-describedby']}
      />
      <FieldError id={id('type')} error={type.error} />
      {q.questionTypeCode === 'MULTIPLE_CHOICE' && (
        <>
          <label htmlFor={id('required')}>Required answers</label>
          <InputNumber
            inputId={id('required')}
            value={q.requiredAnswers}
            min={0}
            onValueChange={(e) => onChange({ ...q, requiredAnswers: e.value ?? 0 })}
            {...required.props}
          />
          <FieldError id={id('required')} error={required.error} />
          <label htmlFor={id('max')}>Maximum answers</label>
          <InputNumber inputId={id('max')} value={q.maxAnswers} min={1} onValueChange={(e) => onChange({ ...q, maxAnswers: e.value ?? 1 })} {...max.props} />
          <FieldError id={id('max')} error={max.error} />
        </>
      )}
      {q.questionTypeCode === 'SCALE' && <ScaleRange path={path} answers={q.answers} onAnswers={(answers) => onChange({ ...q, answers })} />}
      {q.questionTypeCode !== 'USER_RESPONSE' &&
        q.questionTypeCode !== 'SCALE' &&
        q.answers.map((a, i) => (
          <div key={i} className="survey-builder__answer">
            <AnswerInput
              id={id(`answer-${i}`)}
              aria-label={`Answer ${i + 1}`}
              value={a.text}
              onChange={(e) => onChange({ ...q, answers: replaceAt(q.answers, i, { ...a, text: e.target.value }) })}
            />
            {q.questionTypeCode !== 'TRUE_FALSE' && (
              <Button icon="pi pi-trash" text aria-label={`Remove answer ${i + 1}`} onClick={() => onChange({ ...q, answers: removeAt(q.answers, i) })} />
            )}
          </div>
        ))}
      <div className="survey-builder__row-actions">
        {q.questionTypeCode !== 'USER_RESPONSE' && q.questionTypeCode !== 'TRUE_FALSE' && q.questionTypeCode !== 'SCALE' && (
          <Button label="Add answer" text onClick={() => onChange({ ...q, answers: [...q.answers, { text: '' }] })} />
        )}
        {confirmRemove ? (
          <>
            <span role="alert">Remove this question and what was typed in it?</span>
            <Button label="Yes, remove the question" severity="danger" size="small" onClick={onRemove} />
            <Button label="Keep the question" text size="small" onClick={() => setConfirmRemove(false)} />
          </>
        ) : (
          // A question with nothing typed in it goes at once; one with text is asked about first, like a page.
          <Button label="Remove question" text severity="danger" onClick={() => (hasText(q) ? setConfirmRemove(true) : onRemove())} />
        )}
      </div>
    </div>
  );
}

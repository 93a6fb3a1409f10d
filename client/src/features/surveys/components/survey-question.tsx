import { Checkbox } from 'primereact/checkbox';
import { InputTextarea } from 'primereact/inputtextarea';
import { RadioButton } from 'primereact/radiobutton';
import { isSingleChoice, type QuestionAnswer } from '../answer-rules';
import type { SurveyQuestion as Question } from '../api/surveys-api';
import { surveyTexts } from '../survey-config';

interface Props {
  question: Question;
  number: number;
  answer: QuestionAnswer | undefined;
  onChoose: (answerId: number) => void;
  onWrite: (text: string) => void;
}

const hint = (q: Question) =>
  q.questionTypeCode === 'MULTIPLE_CHOICE'
    ? q.requiredAnswers === q.maxAnswers
      ? `Choose ${q.maxAnswers}.`
      : `Choose ${q.requiredAnswers === 0 ? 'up to' : `${q.requiredAnswers} to`} ${q.maxAnswers}.`
    : null;

/** One question: radio buttons for single choice, check boxes for MULTIPLE_CHOICE, a text box for USER_RESPONSE. */
export function SurveyQuestion({ question: q, number, answer, onChoose, onWrite }: Props) {
  const selected = answer?.answerIds ?? [];
  const inputId = (answerId: number) => `q${q.id}-a${answerId}`;
  if (q.questionTypeCode === 'USER_RESPONSE') {
    return (
      <div className="survey-question">
        <label className="survey-question__text" htmlFor={`q${q.id}-text`}>
          {number}. {q.text}
        </label>
        <InputTextarea
          id={`q${q.id}-text`}
          value={answer?.userResponse ?? ''}
          placeholder={surveyTexts.placeholder}
          rows={4}
          maxLength={4000}
          autoResize
          onChange={(e) => onWrite(e.target.value)}
        />
      </div>
    );
  }
  const full = !isSingleChoice(q) && selected.length >= q.maxAnswers;
  return (
    <fieldset className="survey-question">
      <legend className="survey-question__text">
        {number}. {q.text}
      </legend>
      {hint(q) && <p className="survey-question__hint">{hint(q)}</p>}
      {q.answers.map((a) => (
        <div key={a.id} className="survey-question__answer">
          {isSingleChoice(q) ? (
            <RadioButton inputId={inputId(a.id)} name={`q${q.id}`} value={a.id} checked={selected.includes(a.id)} onChange={() => onChoose(a.id)} />
          ) : (
            <Checkbox inputId={inputId(a.id)} checked={selected.includes(a.id)} disabled={full && !selected.includes(a.id)} onChange={() => onChoose(a.id)} />
          )}
          <label htmlFor={inputId(a.id)}>{a.text}</label>
        </div>
      ))}
    </fieldset>
  );
}

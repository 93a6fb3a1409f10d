import { Message } from 'primereact/message';
import { Link } from 'wouter';
import { defaultSuccessButton, surveyTexts } from '../survey-config';

export function SurveySuccess({ pointsAwarded, button = defaultSuccessButton }: { pointsAwarded: number | null; button?: { label: string; href: string } }) {
  return (
    <div className="survey-success" role="status">
      <h2>{surveyTexts.thanks}</h2>
      {typeof pointsAwarded === 'number' && pointsAwarded > 0 && <p className="survey-success__points">{surveyTexts.received(pointsAwarded)}</p>}
      <Link href={button.href} className="p-button survey-success__button">
        {button.label}
      </Link>
    </div>
  );
}

/** 'Error' and the first message, or 'An unknown error occurred'. */
export function SurveyErrorPanel({ messages }: { messages: string[] }) {
  return (
    <Message
      severity="error"
      role="alert"
      className="survey-error"
      content={
        <div>
          <strong>Error</strong>
          <p>{messages[0] || surveyTexts.unknownError}</p>
        </div>
      }
    />
  );
}

export function SurveyUnavailable() {
  return (
    <p className="survey-unavailable" role="status">
      {surveyTexts.unavailable}
    </p>
  );
}

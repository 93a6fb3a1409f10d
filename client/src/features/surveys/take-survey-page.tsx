import { useMachine } from '@xstate/react';
import { Button } from 'primereact/button';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useParams } from 'wouter';
import { PageLoader } from '../../components/page-loader';
import { useSession } from '../../session/session-provider';
import { signOutGuardSet } from '../../stores/sign-out-guard';
import { surveyTexts } from './survey-config';
import { pageCount, surveyWizardMachine } from './survey-wizard.machine';
import { LeaveSurveyDialog } from './components/leave-survey-dialog';
import { SurveyQuestion } from './components/survey-question';
import { SurveyErrorPanel, SurveySuccess, SurveyUnavailable } from './components/survey-outcomes';
import { useLeaveGuard } from './components/use-leave-guard';
import { surveyCompletedHere } from '../../stores/open-surveys';
import './surveys.css';

/** Where a member leaving by Sign Out is going: not a page, the sign-out itself. */
const SIGNING_OUT = 'sign-out';

function SurveyWizard({ paxId, surveyId }: { paxId: number; surveyId: number }) {
  const [state, send] = useMachine(surveyWizardMachine, { input: { paxId, surveyId } });
  const [, navigate] = useLocation();
  const { survey, page, answers, errorMessages, leavingTo, pointsAwarded } = state.context;
  const inProgress = state.matches('answering') || state.matches('confirmingLeave') || state.matches('submitting');
  const { signOut } = useSession();
  // Each survey page, and the thank-you that follows the last, starts at its top: the window kept the scroll of the
  // page before, so the success message was above the viewport.
  const screen = state.matches('completed') ? 'completed' : state.matches('failed') ? 'failed' : `page-${page}`;
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [screen]);
  // A completed survey is no longer open: the home banner that promises one counts it at once, whatever a read of the
  // lists finds meanwhile (the read model is a moment behind the submission).
  useEffect(() => {
    if (screen === 'completed') surveyCompletedHere(surveyId);
  }, [screen, surveyId]);
  useLeaveGuard(inProgress, (to) => send({ type: 'LEAVE', to }));
  // Sign Out would lose the answers too: it asks the same question, and DISCARD then signs out.
  useEffect(() => {
    if (!inProgress) return;
    signOutGuardSet(() => send({ type: 'LEAVE', to: SIGNING_OUT }));
    return () => {
      signOutGuardSet(null);
    };
  }, [inProgress, send]);

  useEffect(() => {
    if (!state.matches('discarded')) return;
    // 'back': one step for the guard entry, one for the survey itself.
    if (leavingTo === 'back') window.history.go(-2);
    else if (leavingTo === SIGNING_OUT) signOut();
    else navigate(leavingTo ?? '/surveys');
  }, [state, leavingTo, navigate, signOut]);

  if (state.matches('loading')) return <PageLoader label="Loading the survey" />;
  if (state.matches('unavailable')) return <SurveyUnavailable />;
  if (state.matches('failed')) return <SurveyErrorPanel messages={errorMessages} />;
  if (state.matches('completed')) return <SurveySuccess pointsAwarded={pointsAwarded} />;
  if (!survey || state.matches('discarded')) return null;

  const section = survey.sections[page];
  const total = pageCount(state.context);
  const lastPage = page === total - 1;
  const firstNumber = survey.sections.slice(0, page).reduce((n, s) => n + s.questions.length, 1);
  return (
    <>
      <h2 className="take-survey__name">{survey.name}</h2>
      <p className="take-survey__page">
        Page {page + 1} of {total}
      </p>
      <p className="take-survey__note">{surveyTexts.note}</p>
      {errorMessages.length > 0 && <SurveyErrorPanel messages={errorMessages} />}
      <section className="take-survey__section" aria-label={section.name || `Page ${page + 1}`}>
        {section.showName && section.name && <h3>{section.name}</h3>}
        {section.description && <p>{section.description}</p>}
        {section.showInstructions && section.instructions && <p className="take-survey__instructions">{section.instructions}</p>}
        {section.questions.map((q, i) => (
          <SurveyQuestion
            key={q.id}
            question={q}
            number={firstNumber + i}
            answer={answers[q.id]}
            onChoose={(answerId) => send({ type: 'CHOOSE', questionId: q.id, answerId })}
            onWrite={(text) => send({ type: 'WRITE', questionId: q.id, text })}
          />
        ))}
      </section>
      <div className="take-survey__buttons">
        {page > 0 && <Button label="BACK" outlined onClick={() => send({ type: 'BACK' })} />}
        {lastPage ? (
          <Button label="SUBMIT" loading={state.matches('submitting')} disabled={!state.can({ type: 'SUBMIT' })} onClick={() => send({ type: 'SUBMIT' })} />
        ) : (
          <Button label="NEXT" disabled={!state.can({ type: 'NEXT' })} onClick={() => send({ type: 'NEXT' })} />
        )}
      </div>
      <LeaveSurveyDialog visible={state.matches('confirmingLeave')} onContinue={() => send({ type: 'CONTINUE' })} onDiscard={() => send({ type: 'DISCARD' })} />
    </>
  );
}

/** /take-survey/{id}: the member spec's survey screen. */
export default function TakeSurveyPage() {
  const { id } = useParams<{ id: string }>();
  const { pax } = useSession();
  const surveyId = Number(id);
  return (
    <section className="take-survey" aria-labelledby="take-survey-title">
      <h1 id="take-survey-title">{surveyTexts.title}</h1>
      {!Number.isInteger(surveyId) || surveyId <= 0 ? (
        <SurveyUnavailable />
      ) : pax ? (
        <SurveyWizard key={surveyId} paxId={pax.paxId} surveyId={surveyId} />
      ) : null}
    </section>
  );
}

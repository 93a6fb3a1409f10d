import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { isApiError } from '../../lib/problem';
import { chooseAnswer, isSectionComplete, toSubmission, type Answers } from './answer-rules';
import { fetchSurveyToTake, submitSurveyAnswers, type SurveyToTake } from './api/surveys-api';

export interface WizardContext {
  paxId: number;
  surveyId: number;
  survey: SurveyToTake | null;
  /** Zero-based: page X of Y shows page + 1. */
  page: number;
  answers: Answers;
  pointsAwarded: number | null;
  /** The error panel shows the first message, or 'An unknown error occurred' when there is none. */
  errorMessages: string[];
  /** Where the member was going when the abandon dialog opened: a path, or 'back' for the browser's back button. */
  leavingTo: string | null;
}

export type WizardEvent =
  | { type: 'CHOOSE'; questionId: number; answerId: number }
  | { type: 'WRITE'; questionId: number; text: string }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SUBMIT' }
  | { type: 'LEAVE'; to: string }
  | { type: 'CONTINUE' }
  | { type: 'DISCARD' };

type GuardArgs = { context: WizardContext };

// Pure guard functions, exported so they are tested on their own.
export const pageCount = (c: WizardContext) => c.survey?.sections.length ?? 0;
export const isLastPage = (c: WizardContext) => c.page >= pageCount(c) - 1;
export const isCurrentPageComplete = (c: WizardContext) => isSectionComplete(c.survey?.sections[c.page], c.answers);
export const canAdvance = (c: WizardContext) => !isLastPage(c) && isCurrentPageComplete(c);
export const canGoBack = (c: WizardContext) => c.page > 0;
export const canSubmit = (c: WizardContext) => pageCount(c) > 0 && isLastPage(c) && (c.survey?.sections ?? []).every((s) => isSectionComplete(s, c.answers));
/** 410 (no longer available) and 409 (already completed) both mean: this member cannot take it now. */
export const isUnavailable = (error: unknown) => isApiError(error, 410) || isApiError(error, 409) || isApiError(error, 404);
export const errorMessagesOf = (error: unknown): string[] => {
  if (isApiError(error)) {
    const fieldMessages = error.problem?.errors?.map((e) => e.message).filter(Boolean) ?? [];
    return error.problem?.detail ? [error.problem.detail, ...fieldMessages] : fieldMessages;
  }
  return error instanceof Error && error.message ? [error.message] : [];
};

export const surveyWizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as { paxId: number; surveyId: number },
  },
  actors: {
    loadSurvey: fromPromise(({ input }: { input: { surveyId: number } }) => fetchSurveyToTake(input.surveyId)),
    submitAnswers: fromPromise(({ input }: { input: { paxId: number; surveyId: number; answers: ReturnType<typeof toSubmission> } }) =>
      submitSurveyAnswers(input.paxId, input.surveyId, input.answers),
    ),
  },
  guards: {
    canAdvance: ({ context }: GuardArgs) => canAdvance(context),
    canGoBack: ({ context }: GuardArgs) => canGoBack(context),
    canSubmit: ({ context }: GuardArgs) => canSubmit(context),
    isUnavailable: (_: GuardArgs, params: { error: unknown }) => isUnavailable(params.error),
  },
  actions: {
    choose: assign({
      answers: ({ context, event }) => {
        if (event.type !== 'CHOOSE') return context.answers;
        const question = context.survey?.sections.flatMap((s) => s.questions).find((q) => q.id === event.questionId);
        return question ? { ...context.answers, [question.id]: chooseAnswer(question, context.answers[question.id], event.answerId) } : context.answers;
      },
      errorMessages: [],
    }),
    write: assign({
      answers: ({ context, event }) =>
        event.type === 'WRITE'
          ? { ...context.answers, [event.questionId]: { answerIds: context.answers[event.questionId]?.answerIds ?? [], userResponse: event.text } }
          : context.answers,
      errorMessages: [],
    }),
    rememberDestination: assign({ leavingTo: ({ event }) => (event.type === 'LEAVE' ? event.to : null) }),
    forgetDestination: assign({ leavingTo: null }),
  },
}).createMachine({
  id: 'surveyWizard',
  context: ({ input }) => ({
    paxId: input.paxId,
    surveyId: input.surveyId,
    survey: null,
    page: 0,
    answers: {},
    pointsAwarded: null,
    errorMessages: [],
    leavingTo: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSurvey',
        input: ({ context }) => ({ surveyId: context.surveyId }),
        onDone: { target: 'answering', actions: assign({ survey: ({ event }) => event.output }) },
        onError: [
          { guard: { type: 'isUnavailable', params: ({ event }) => ({ error: event.error }) }, target: 'unavailable' },
          { target: 'failed', actions: assign({ errorMessages: ({ event }) => errorMessagesOf(event.error) }) },
        ],
      },
    },
    answering: {
      on: {
        CHOOSE: { actions: 'choose' },
        WRITE: { actions: 'write' },
        NEXT: { guard: 'canAdvance', actions: assign({ page: ({ context }) => context.page + 1, errorMessages: [] }) },
        BACK: { guard: 'canGoBack', actions: assign({ page: ({ context }) => context.page - 1, errorMessages: [] }) },
        SUBMIT: { guard: 'canSubmit', target: 'submitting' },
        LEAVE: { target: 'confirmingLeave', actions: 'rememberDestination' },
      },
    },
    confirmingLeave: {
      on: {
        CONTINUE: { target: 'answering', actions: 'forgetDestination' },
        DISCARD: { target: 'discarded', actions: assign({ answers: {} }) },
      },
    },
    submitting: {
      invoke: {
        src: 'submitAnswers',
        input: ({ context }) => ({ paxId: context.paxId, surveyId: context.surveyId, answers: toSubmission(context.survey?.sections ?? [], context.answers) }),
        onDone: { target: 'completed', actions: assign({ pointsAwarded: ({ event }) => event.output.pointsAwarded }) },
        onError: [
          { guard: { type: 'isUnavailable', params: ({ event }) => ({ error: event.error }) }, target: 'unavailable' },
          { target: 'answering', actions: assign({ errorMessages: ({ event }) => errorMessagesOf(event.error) }) },
        ],
      },
    },
    completed: { type: 'final' },
    unavailable: { type: 'final' },
    failed: { type: 'final' },
    discarded: { type: 'final' },
  },
});

export type SurveyWizardActor = ActorRefFrom<typeof surveyWizardMachine>;
export type SurveyWizardSnapshot = SnapshotFrom<typeof surveyWizardMachine>;

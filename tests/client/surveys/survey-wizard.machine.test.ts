import { createActor, fromPromise, waitFor } from 'xstate';
import type { SurveyToTake } from '../../../client/src/features/surveys/api/surveys-api';
import { highestPointValue, surveysNewSince } from '../../../client/src/features/surveys/survey-list-helpers';
import {
  canAdvance,
  canGoBack,
  canSubmit,
  errorMessagesOf,
  isUnavailable,
  surveyWizardMachine,
  type WizardContext,
} from '../../../client/src/features/surveys/survey-wizard.machine';
import { ApiError } from '../../../client/src/lib/problem';

const survey: SurveyToTake = {
  id: 5,
  name: 'Pulse',
  sections: [
    {
      name: 'One',
      description: '',
      instructions: '',
      showName: true,
      showInstructions: false,
      questions: [
        {
          id: 1,
          text: 'Pick',
          questionTypeCode: 'MULTIPLE_ONE',
          maxAnswers: 1,
          requiredAnswers: 1,
          answers: [
            { id: 11, text: 'a' },
            { id: 12, text: 'b' },
          ],
        },
      ],
    },
    {
      name: 'Two',
      description: '',
      instructions: '',
      showName: true,
      showInstructions: false,
      questions: [
        {
          id: 2,
          text: 'Some',
          questionTypeCode: 'MULTIPLE_CHOICE',
          maxAnswers: 2,
          requiredAnswers: 1,
          answers: [
            { id: 21, text: 'x' },
            { id: 22, text: 'y' },
            { id: 23, text: 'z' },
          ],
        },
      ],
    },
    {
      name: 'Three',
      description: '',
      instructions: '',
      showName: true,
      showInstructions: false,
      questions: [{ id: 3, text: 'Say', questionTypeCode: 'USER_RESPONSE', maxAnswers: 1, requiredAnswers: 1, answers: [] }],
    },
  ],
};
const ctx = (over: Partial<WizardContext> = {}): WizardContext => ({
  paxId: 1,
  surveyId: 5,
  survey,
  page: 0,
  answers: {},
  pointsAwarded: null,
  errorMessages: [],
  leavingTo: null,
  ...over,
});
const problem = (status: number, detail?: string) => new ApiError(status, { status, detail }, '/x');

describe('guards', () => {
  describe('canAdvance', () => {
    it('is false until the page is complete', () => expect(canAdvance(ctx())).toBe(false));
    it('is true once every question on the page is answered', () =>
      expect(canAdvance(ctx({ answers: { 1: { answerIds: [11], userResponse: '' } } }))).toBe(true));
    it('is false on the last page', () => expect(canAdvance(ctx({ page: 2, answers: { 3: { answerIds: [], userResponse: 'hi' } } }))).toBe(false));
    it('is false for a MULTIPLE_CHOICE below requiredAnswers', () =>
      expect(canAdvance(ctx({ page: 1, answers: { 2: { answerIds: [], userResponse: '' } } }))).toBe(false));
  });
  describe('canGoBack', () => {
    it('is false on page 1', () => expect(canGoBack(ctx())).toBe(false));
    it('is true later', () => expect(canGoBack(ctx({ page: 1 }))).toBe(true));
  });
  describe('canSubmit', () => {
    const all = { 1: { answerIds: [11], userResponse: '' }, 2: { answerIds: [21, 23], userResponse: '' }, 3: { answerIds: [], userResponse: 'ok' } };
    it('is true on the last page with every page complete', () => expect(canSubmit(ctx({ page: 2, answers: all }))).toBe(true));
    it('is false before the last page', () => expect(canSubmit(ctx({ page: 1, answers: all }))).toBe(false));
    it('is false with blank text', () => expect(canSubmit(ctx({ page: 2, answers: { ...all, 3: { answerIds: [], userResponse: '  ' } } }))).toBe(false));
    it('is true on a single page survey once complete', () =>
      expect(canSubmit(ctx({ survey: { ...survey, sections: [survey.sections[0]] }, answers: { 1: { answerIds: [12], userResponse: '' } } }))).toBe(true));
  });
  describe('isUnavailable', () => {
    it.each([
      [410, true],
      [409, true],
      [404, true],
      [400, false],
      [500, false],
    ])('status %i is %p', (status, expected) => expect(isUnavailable(problem(status))).toBe(expected));
    it('is false for a network failure', () => expect(isUnavailable(new TypeError('offline'))).toBe(false));
  });
  it('collects error messages, detail first', () => {
    expect(errorMessagesOf(new ApiError(400, { detail: 'Bad', errors: [{ path: 'p', message: 'must' }] }, '/x'))).toEqual(['Bad', 'must']);
    expect(errorMessagesOf('nope')).toEqual([]);
  });
});

describe('list helpers', () => {
  const list = [
    { id: 1, name: 'a', surveyPointsAmount: 20, fromDate: '2026-01-01' },
    { id: 2, name: 'b', surveyPointsAmount: 50, fromDate: '2026-03-01' },
  ];
  it('finds the highest point value, 0 when none', () => {
    expect(highestPointValue(list)).toBe(50);
    expect(highestPointValue([])).toBe(0);
  });
  it('counts as new those whose fromDate is later than the date', () => expect(surveysNewSince(list, '2026-01-01').map((s) => s.id)).toEqual([2]));
});

describe('the wizard', () => {
  const start = (submit = jest.fn(async () => ({ pointsAwarded: 50, position: 'p' })), load = async () => survey) => {
    const actor = createActor(surveyWizardMachine.provide({ actors: { loadSurvey: fromPromise(load), submitAnswers: fromPromise(submit) } }), {
      input: { paxId: 1, surveyId: 5 },
    });
    actor.start();
    return { actor, submit };
  };

  it('walks the pages, refuses NEXT until complete, and submits on the last page', async () => {
    const { actor, submit } = start();
    await waitFor(actor, (s) => s.matches('answering'));
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.page).toBe(0);
    expect(actor.getSnapshot().can({ type: 'BACK' })).toBe(false);
    actor.send({ type: 'CHOOSE', questionId: 1, answerId: 11 });
    actor.send({ type: 'CHOOSE', questionId: 1, answerId: 12 });
    expect(actor.getSnapshot().context.answers[1].answerIds).toEqual([12]);
    actor.send({ type: 'NEXT' });
    for (const id of [21, 22, 23]) actor.send({ type: 'CHOOSE', questionId: 2, answerId: id });
    expect(actor.getSnapshot().context.answers[2].answerIds).toEqual([21, 22]);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    actor.send({ type: 'WRITE', questionId: 3, text: ' Lovely ' });
    actor.send({ type: 'SUBMIT' });
    const done = await waitFor(actor, (s) => s.matches('completed'));
    expect(done.context.pointsAwarded).toBe(50);
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({
        input: {
          paxId: 1,
          surveyId: 5,
          answers: [
            { questionId: 1, answerIds: [12] },
            { questionId: 2, answerIds: [21, 22] },
            { questionId: 3, answerIds: [], userResponse: 'Lovely' },
          ],
        },
      }),
    );
  });

  it('asks before leaving; CONTINUE keeps the answers and DISCARD drops them', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('answering'));
    actor.send({ type: 'CHOOSE', questionId: 1, answerId: 11 });
    actor.send({ type: 'LEAVE', to: '/home' });
    expect(actor.getSnapshot().matches('confirmingLeave')).toBe(true);
    expect(actor.getSnapshot().context.leavingTo).toBe('/home');
    actor.send({ type: 'CONTINUE' });
    expect(actor.getSnapshot().matches('answering')).toBe(true);
    expect(actor.getSnapshot().context.answers[1].answerIds).toEqual([11]);
    actor.send({ type: 'LEAVE', to: 'back' });
    actor.send({ type: 'DISCARD' });
    expect(actor.getSnapshot().matches('discarded')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ answers: {}, leavingTo: 'back' });
  });

  it('shows the unavailable message when the survey is gone', async () => {
    const { actor } = start(undefined, async () => {
      throw problem(410);
    });
    await waitFor(actor, (s) => s.matches('unavailable'));
  });

  it('stays on the page with the error when submitting fails', async () => {
    const { actor } = start(
      jest.fn(async () => {
        throw problem(400, 'body.answers.3 must have a written answer');
      }),
    );
    await waitFor(actor, (s) => s.matches('answering'));
    actor.send({ type: 'CHOOSE', questionId: 1, answerId: 11 });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'CHOOSE', questionId: 2, answerId: 21 });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'WRITE', questionId: 3, text: 'x' });
    actor.send({ type: 'SUBMIT' });
    const back = await waitFor(actor, (s) => s.matches('answering') && s.context.errorMessages.length > 0);
    expect(back.context.errorMessages[0]).toBe('body.answers.3 must have a written answer');
    expect(back.context.page).toBe(2);
  });
});

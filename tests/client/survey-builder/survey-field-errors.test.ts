import {
  fieldIdOf,
  localFieldErrors,
  shownFieldErrors,
  standingServerErrors,
  valueAtPath,
} from '../../../client/src/features/survey-builder/survey-field-errors';
import { newSurvey } from '../../../client/src/features/survey-builder/survey-draft';

/** Issue 28, item 6: each survey error stands on its field. */
describe('survey errors on their fields', () => {
  it('finds the field a server error names', () => {
    expect(fieldIdOf('body.thruDate')).toBe('survey-thru');
    expect(fieldIdOf('body.sections.1.name')).toBe('section-1-name');
    expect(fieldIdOf('body.sections.0.questions.2.maxAnswers')).toBe('section-0-question-2-max');
    expect(fieldIdOf('body.sections.0.questions.2.answers')).toBe('section-0-question-2-answer-0');
    expect(fieldIdOf('body.sections.0.questions.2.answers.3.text')).toBe('section-0-question-2-answer-3');
    expect(fieldIdOf('body.sections.0.questions')).toBeNull();
  });

  it('tells the date order and the numbers before sending', () => {
    const survey = { ...newSurvey('2030-06-10'), thruDate: '2030-06-01', surveyPointsAmount: -20 };
    expect(localFieldErrors(survey)).toEqual({
      'survey-thru': 'must not be before the From date',
      'survey-points': 'must be a whole number of points from 0 to 10,000',
    });
  });

  it('shows a field’s own error once it was left or a save was tried, and the server’s at once', () => {
    const local = { 'survey-thru': 'must not be before the From date', 'survey-points': 'too many' };
    const server = { 'section-0-name': 'too long' };
    expect(shownFieldErrors(local, server, new Set(['survey-thru']), false)).toEqual({ 'section-0-name': 'too long', 'survey-thru': local['survey-thru'] });
    expect(shownFieldErrors(local, server, new Set(), true)).toEqual({ ...server, ...local });
  });
});

/** Issue 28: a server error stayed on its field until the next save, though the admin had already fixed it. */
describe("the server's errors on their fields", () => {
  const refused = { ...newSurvey('2030-01-01'), name: 'Visit', maxAttempts: 0 };
  const errors = [
    { fieldId: 'survey-attempts', path: 'body.maxAttempts', message: 'must be at least 1', refused: valueAtPath(refused, 'body.maxAttempts') },
    {
      fieldId: 'section-0-question-0-answer-0',
      path: 'body.sections.0.questions.0.answers',
      message: 'must hold at least 2 answers',
      refused: valueAtPath(refused, 'body.sections.0.questions.0.answers'),
    },
  ];

  it('stand while what they refused is unchanged, even as other fields change', () => {
    expect(standingServerErrors(errors, { ...refused, name: 'Visit survey' })).toEqual({
      'survey-attempts': 'must be at least 1',
      'section-0-question-0-answer-0': 'must hold at least 2 answers',
    });
  });

  it('leave the field whose refused value was changed, and only that one', () => {
    expect(standingServerErrors(errors, { ...refused, maxAttempts: 3 })).toEqual({ 'section-0-question-0-answer-0': 'must hold at least 2 answers' });
    const question = refused.sections[0].questions[0];
    const twoAnswers = {
      ...refused,
      sections: [{ ...refused.sections[0], questions: [{ ...question, answers: [...question.answers, { text: 'Fine' }] }] }],
    };
    expect(standingServerErrors(errors, twoAnswers)).toEqual({ 'survey-attempts': 'must be at least 1' });
  });

  it('read a path through arrays and say when it names nothing', () => {
    expect(valueAtPath({ sections: [{ name: 'A' }] }, 'body.sections.0.name')).toBe('"A"');
    expect(valueAtPath({ sections: [] }, 'body.sections.3.name')).toBe('undefined');
  });
});

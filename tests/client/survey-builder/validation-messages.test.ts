import { describeProblem } from '../../../client/src/features/survey-builder/validation-messages';
import { inactivateConfirmation, removeConfirmation } from '../../../client/src/features/survey-builder/list-words';

describe('describeProblem: the server 400 paths in words', () => {
  it('names page and question counted from 1', () => {
    expect(describeProblem({ path: 'body.sections.1.questions.2.answers', message: 'must hold at least 2 answers for MULTIPLE_ONE' })).toBe(
      'Page 2, question 3: needs at least two answers for this question type',
    );
  });
  it('names a page without questions', () => {
    expect(describeProblem({ path: 'body.sections.0.questions', message: 'must hold at least one question' })).toBe('Page 1: needs at least one question');
  });
  it('names the field of a question in the words of the form', () => {
    expect(describeProblem({ path: 'body.sections.0.questions.0.requiredAnswers', message: 'must not be more than maxAnswers' })).toBe(
      'Page 1, question 1, required answers: must not be more than the maximum answers',
    );
  });
  it('names an answer text', () => {
    expect(describeProblem({ path: 'body.sections.2.questions.0.answers.1.text', message: 'must be 1 to 500 characters' })).toBe(
      'Page 3, question 1, answer 2, text: must be 1 to 500 characters',
    );
  });
  it('names a survey field with its label', () => {
    expect(describeProblem({ path: 'body.thruDate', message: 'must not be before fromDate' })).toBe('Through date: must not be before the from date');
  });
  it('a survey without pages', () => {
    expect(describeProblem({ path: 'body.sections', message: 'must hold at least one section' })).toBe('Needs at least one page');
  });
  it('never shows the raw path', () => {
    const text = describeProblem({ path: 'body.sections.0.questions.0.maxAnswers', message: 'must be 1 for TRUE_FALSE' });
    expect(text).not.toMatch(/body|sections|\.0\./);
    expect(text).toBe('Page 1, question 1, maximum answers: must be 1 for this question type');
  });
});

describe('confirmations of the survey list', () => {
  it('say what happens to members taking and having taken the survey', () => {
    for (const c of [inactivateConfirmation('Skin quiz'), removeConfirmation('Skin quiz')]) {
      expect(c.message).toContain('A member who has it open now can still send the answers');
      expect(c.message).toContain('Members who have taken it keep their answers and the points they earned');
    }
    expect(inactivateConfirmation('Skin quiz').title).toBe('Inactivate Skin quiz?');
    expect(removeConfirmation('Skin quiz').message).toContain('cannot be edited or made active again');
  });
});

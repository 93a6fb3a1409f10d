import type { SurveyRecord } from '../../../client/src/features/survey-builder/api/survey-builder-api';
import { errorInWords } from '../../../client/src/features/survey-builder/error-words';
import { newSection, newSurvey } from '../../../client/src/features/survey-builder/survey-draft';

const survey: SurveyRecord = {
  ...newSurvey('2026-03-01'),
  sections: [
    { ...newSection(), name: 'About you', questions: [] },
    {
      ...newSection(),
      name: 'Your visit',
      questions: [{ questionTypeCode: 'MULTIPLE_ONE', maxAnswers: 2, requiredAnswers: 1, text: 'How was your visit?', answers: [] }],
    },
  ],
};

describe('survey save errors in words', () => {
  it('name the page and question instead of the field path, and the type in words', () => {
    expect(errorInWords('body.sections.1.questions.0.maxAnswers', 'must be 1 for MULTIPLE_ONE', survey)).toBe(
      'Page 2, question 1 (“How was your visit?”): the maximum answers must be 1 for a one-answer question',
    );
    expect(errorInWords('body.sections.1.questions.0.answers', 'must hold at least 2 answers for MULTIPLE_ONE', survey)).toBe(
      'Page 2, question 1 (“How was your visit?”): the answers must hold at least 2 answers for a one-answer question',
    );
  });

  it('name a page by its number and name', () => {
    expect(errorInWords('body.sections.0.questions', 'must hold at least one question', survey)).toBe(
      'Page 1 (“About you”): the page must hold at least one question',
    );
  });

  it('say the survey’s own fields in words', () => {
    expect(errorInWords('body.thruDate', 'must not be before fromDate', survey)).toBe('The Through date must not be before the From date');
    expect(errorInWords('body.sections', 'must hold at least one section', survey)).toBe('The survey must hold at least one page');
  });
});

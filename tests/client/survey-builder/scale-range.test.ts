import { scaleAnswers, scaleRangeOf, SCALE_RULE } from '../../../client/src/features/survey-builder/scale-range';
import { newQuestion, newSurvey, withType } from '../../../client/src/features/survey-builder/survey-draft';
import { localFieldErrors } from '../../../client/src/features/survey-builder/survey-field-errors';

/** Issue 28, item 8: a scale question asks for its range instead of two blank answers. */
describe('a scale question’s range', () => {
  it('starts at 1 to 5 instead of two blank answers, and keeps answers that already make a range', () => {
    expect(withType(newQuestion(), 'SCALE').answers.map((a) => a.text)).toEqual(['1', '2', '3', '4', '5']);
    const seeded = ['1 - Not at all', '2', '3', '4', '5 - Very satisfied'].map((text) => ({ text }));
    expect(withType({ ...newQuestion(), answers: seeded }, 'SCALE').answers).toBe(seeded);
    expect(scaleRangeOf(seeded)).toEqual({ low: 1, high: 5 });
    expect(scaleRangeOf([{ text: 'Good' }, { text: 'Bad' }])).toBeNull();
  });

  it('makes one answer per number of a range, and none of a range that is not one', () => {
    expect(scaleAnswers(0, 10)?.map((a) => a.text)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(scaleAnswers(3, 2)).toBeNull();
    expect(scaleAnswers(1, 1)).toBeNull();
    expect(scaleAnswers(0, 11)).toBeNull();
    expect(scaleAnswers(null, 5)).toBeNull();
    expect(scaleAnswers(1.5, 5)).toBeNull();
  });

  it('a scale without a range is refused on its field before sending', () => {
    const survey = newSurvey('2030-01-01');
    survey.sections[0].questions[0] = { ...withType(newQuestion(), 'SCALE'), answers: [] };
    expect(localFieldErrors(survey)).toEqual({ 'section-0-question-0-scale-high': SCALE_RULE });
  });
});

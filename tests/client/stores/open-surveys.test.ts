import { allSettled, fork } from 'effector';
import { $openSurveyCount, openSurveysListed, surveyCompletedHere } from '../../../client/src/stores/open-surveys';

describe('the open surveys the home banner counts', () => {
  it('does not bring back a survey completed here when a later read of the list still finds it open', async () => {
    const scope = fork();
    expect(scope.getState($openSurveyCount)).toBeNull();
    await allSettled(openSurveysListed, { scope, params: [7] });
    expect(scope.getState($openSurveyCount)).toBe(1);
    await allSettled(surveyCompletedHere, { scope, params: 7 });
    expect(scope.getState($openSurveyCount)).toBe(0);
    // The read model a moment behind the submission (or a read started before it) lists it again.
    await allSettled(openSurveysListed, { scope, params: [7, 9] });
    expect(scope.getState($openSurveyCount)).toBe(1);
  });

  it('is unknown until the list is read, even after a completion', async () => {
    const scope = fork();
    await allSettled(surveyCompletedHere, { scope, params: 7 });
    expect(scope.getState($openSurveyCount)).toBeNull();
  });
});

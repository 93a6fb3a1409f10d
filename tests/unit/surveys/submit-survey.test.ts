import { isLeft, isRight } from 'fp-ts/Either';
import { SurveySubmitted, type MemberEvent } from '../../../event-schemas';
import { fold } from '../../../server/core/decider';
import { submitSurvey, type SubmitSurvey } from '../../../server/surveys/submit-survey';
import { availability, copyOf, statusOnCreate, statusOnUpdate } from '../../../server/surveys/survey-rules';

const command = (over: Partial<SubmitSurvey['survey']> = {}): SubmitSurvey => ({
  paxId: 7,
  survey: { id: 3, name: 'Pulse', testTypeCode: 'SURVEY', maxAttempts: 50, surveyPointsAmount: 50, pointIssuanceDisabled: false, ...over },
  answers: [{ questionId: 1, answerIds: [2], userResponse: null }],
  lotId: 'lot-1',
  today: '2026-11-22',
  expiryMonths: 12,
});
const submitted = (surveyId = 3) => SurveySubmitted.of({ paxId: 7, surveyId, surveyName: 'Pulse', answers: [], pointsAwarded: 50 });
const given = (...events: MemberEvent[]) => fold(submitSurvey.evolve, submitSurvey.initialState, events);

describe('submit survey', () => {
  describe('when the member has not taken it', () => {
    it('records the submission and its points in one decision', () => {
      const r = submitSurvey.decide(command(), given());
      expect(isRight(r) && r.right.map((e) => e.type)).toEqual(['SurveySubmitted', 'PointsAwarded']);
      expect(isRight(r) && r.right[1].data).toMatchObject({ amount: 50, source: 'SURVEY', expirationDate: '2027-11-22' });
    });
    it.each([[{ pointIssuanceDisabled: true }], [{ surveyPointsAmount: 0 }]])('awards nothing with %j', (over) => {
      const r = submitSurvey.decide(command(over), given());
      expect(isRight(r) && r.right.map((e) => e.type)).toEqual(['SurveySubmitted']);
    });
  });
  describe('when the member already submitted it', () => {
    it('refuses a survey as already completed', () => {
      const r = submitSurvey.decide(command(), given(submitted(9), submitted()));
      expect(isLeft(r) && r.left.slug).toBe('already-completed');
    });
    it('lets a test be retaken without paying again, up to maxAttempts', () => {
      const again = submitSurvey.decide(command({ testTypeCode: 'TEST', maxAttempts: 2 }), given(submitted()));
      expect(isRight(again) && again.right.map((e) => e.type)).toEqual(['SurveySubmitted']);
      const over = submitSurvey.decide(command({ testTypeCode: 'TEST', maxAttempts: 2 }), given(submitted(), submitted()));
      expect(isLeft(over) && over.left.message).toBe('You have used all 2 attempts');
    });
  });
});

describe('survey status rules (admin spec section 4)', () => {
  it('creates PENDING only with a group and the flag', () => {
    expect(statusOnCreate({ groupIds: [1], pendingApproval: true })).toBe('PENDING');
    expect(statusOnCreate({ groupIds: [], pendingApproval: true })).toBe('ACTIVE');
    expect(statusOnCreate({ groupIds: [1] })).toBe('ACTIVE');
  });
  it('updates to the given value, else PENDING if flagged, else ACTIVE', () => {
    expect(statusOnUpdate({ statusTypeCode: 'NEW', pendingApproval: true })).toBe('NEW');
    expect(statusOnUpdate({ pendingApproval: true })).toBe('PENDING');
    expect(statusOnUpdate({})).toBe('ACTIVE');
  });
  it('copies as NEW with " - Copy" and no groups', () => {
    const copy = copyOf({
      id: 1,
      name: 'A',
      description: '',
      statusTypeCode: 'ACTIVE',
      pointIssuanceDisabled: false,
      testTypeCode: 'SURVEY',
      fromDate: '2026-01-01',
      thruDate: null,
      maxAttempts: 50,
      attemptId: null,
      score: null,
      surveyPointsAmount: 5,
      groupIds: [4],
      sections: [],
    });
    expect(copy).toMatchObject({ name: 'A - Copy', statusTypeCode: 'NEW', groupIds: [] });
  });
  it.each([
    [{ statusTypeCode: 'INACTIVE' as const }, true, 'not-active'],
    [{ fromDate: '2026-12-01' }, true, 'not-started'],
    [{ thruDate: '2026-11-21' }, true, 'ended'],
    [{ thruDate: '2026-11-22' }, true, 'available'],
    [{ groupIds: [1] }, false, 'not-targeted'],
    [{ groupIds: [1] }, true, 'available'],
  ])('availability of %j (in a group: %p) is %s', (over, inGroup, expected) => {
    const s = { statusTypeCode: 'ACTIVE' as const, fromDate: '2026-11-01', thruDate: null as string | null, groupIds: [] as number[], ...over };
    expect(availability(s, '2026-11-22', inGroup)).toBe(expected);
  });
});

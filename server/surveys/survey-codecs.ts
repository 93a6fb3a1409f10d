import * as t from 'io-ts';
import type {
  QuestionTypeCode as WireQuestionType,
  Survey,
  SurveyAnswerRecord,
  SurveyBody,
  SurveyQuestionRecord,
  SurveyResponses,
  SurveySectionRecord,
  SurveyStatus as WireStatus,
} from '../../event-schemas/contract/surveys';
import type { AcceptedBody, BodyMatches, Expect } from '../../event-schemas/contract/wire-checks';
import { boundedAmount, boundedString, IsoDate, maxText, NonNegativeInteger, PositiveInteger, numberFrom, refined } from '../../event-schemas/primitives';

export const QuestionTypeCode = t.keyof({ TRUE_FALSE: null, MULTIPLE_CHOICE: null, SCALE: null, MULTIPLE_ONE: null, USER_RESPONSE: null });
export type QuestionTypeCode = t.TypeOf<typeof QuestionTypeCode>;
export type QuestionTypesMatch = Expect<BodyMatches<typeof QuestionTypeCode, WireQuestionType>>;
/** Types that take exactly one selected answer (member spec section 5). */
export const SINGLE_CHOICE: readonly QuestionTypeCode[] = ['TRUE_FALSE', 'SCALE', 'MULTIPLE_ONE'];

export const SurveyStatus = t.keyof({ NEW: null, PENDING: null, ACTIVE: null, INACTIVE: null, DELETED: null });
export type SurveyStatus = t.TypeOf<typeof SurveyStatus>;
export type SurveyStatusesAccepted = AcceptedBody<typeof SurveyStatus, WireStatus>;
/** DELETED is reached only through DELETE /tests/{id}. */
export const SettableStatus = t.keyof({ NEW: null, PENDING: null, ACTIVE: null, INACTIVE: null });
export const TestTypeCode = t.keyof({ SURVEY: null, TEST: null });
export type TestTypeCode = t.TypeOf<typeof TestTypeCode>;

const Text = maxText;
const OptionalId = t.partial({ id: t.union([PositiveInteger, t.null]) });

export const AnswerInput = t.intersection([t.type({ text: boundedString(500) }), OptionalId]);

export const QuestionInput = t.intersection([
  t.type({ text: boundedString(1000), answers: t.array(AnswerInput) }),
  t.partial({ questionTypeCode: QuestionTypeCode, maxAnswers: NonNegativeInteger, requiredAnswers: NonNegativeInteger }),
  OptionalId,
]);

export const SectionInput = t.intersection([
  t.type({ questions: t.array(QuestionInput) }),
  t.partial({
    name: Text(200),
    description: Text(2000),
    instructions: Text(2000),
    numberOfQuestions: NonNegativeInteger,
    showInstructions: t.boolean,
    showName: t.boolean,
  }),
  OptionalId,
]);

/** The admin spec's survey/test record; what is left out takes the spec's defaults (survey-rules.ts). */
export const SurveyInput = t.intersection([
  t.type({ name: boundedString(200), sections: t.array(SectionInput) }),
  t.partial({
    description: Text(2000),
    statusTypeCode: SettableStatus,
    /** "The caller flags it": asks for PENDING (approval) instead of ACTIVE when the survey targets a group. */
    pendingApproval: t.boolean,
    pointIssuanceDisabled: t.boolean,
    testTypeCode: TestTypeCode,
    fromDate: IsoDate,
    thruDate: t.union([IsoDate, t.null]),
    maxAttempts: PositiveInteger,
    surveyPointsAmount: boundedAmount('surveyPoints'),
    groupIds: t.array(PositiveInteger),
    /** The spec's record carries a score and says nothing of it: kept as sent, within a bound a column holds. */
    score: t.union([numberFrom('SurveyScore', -1_000_000, 1_000_000), t.null]),
    attemptId: t.unknown,
    id: t.unknown,
  }),
]);
export type SurveyInput = t.TypeOf<typeof SurveyInput>;
/** The survey builder sends the contract's body; the codec accepts it once its status and type are ones it settles. */
export type SurveyBodyAccepted = AcceptedBody<typeof SurveyInput, SurveyBody & { statusTypeCode: t.TypeOf<typeof SettableStatus>; testTypeCode: TestTypeCode }>;

/** The admin record's shapes are the contract's (event-schemas/contract/surveys.ts). */
export type { Survey };
export type Answer = SurveyAnswerRecord;
export type Question = SurveyQuestionRecord;
export type Section = SurveySectionRecord;

/** A survey as the repository writes it: ids on children are kept when they already belong to the survey. */
export type SurveyDraft = Omit<Survey, 'id' | 'sections' | 'attemptId'> & {
  sections: (Omit<Section, 'id' | 'questions'> & {
    id?: number;
    questions: (Omit<Question, 'id' | 'answers'> & { id?: number; answers: { id?: number; text: string }[] })[];
  })[];
};

export const AnswersBody = t.type({
  answers: t.array(
    t.intersection([
      t.type({ questionId: PositiveInteger, answerIds: t.array(PositiveInteger) }),
      t.partial({
        userResponse: t.union([refined(t.string, 'UserResponse', 'must be at most 4000 characters', (s) => s.length <= 4000, { maxLength: 4000 }), t.null]),
      }),
    ]),
  ),
});
export type AnswersBody = t.TypeOf<typeof AnswersBody>;
/** A member's survey screen sends the contract's responses; the codec accepts them. */
export type SurveyResponsesAccepted = AcceptedBody<typeof AnswersBody, SurveyResponses>;

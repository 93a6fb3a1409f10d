// Surveys' wire shapes (member spec section 3 and 5: /participants/{paxId}/tests...; admin spec: /tests...), declared
// once: the survey routes and repository build them, and the member's survey screens and the survey builder read and
// send them.

export type QuestionTypeCode = 'TRUE_FALSE' | 'MULTIPLE_CHOICE' | 'SCALE' | 'MULTIPLE_ONE' | 'USER_RESPONSE';
export type SurveyStatus = 'NEW' | 'PENDING' | 'ACTIVE' | 'INACTIVE' | 'DELETED';
export type TestTypeCode = 'SURVEY' | 'TEST';

// ---- The admin record (GET/POST/PUT /tests...) ----

export interface SurveyAnswerRecord {
  id: number;
  text: string;
}
export interface SurveyQuestionRecord {
  id: number;
  questionTypeCode: QuestionTypeCode;
  maxAnswers: number;
  requiredAnswers: number;
  text: string;
  answers: SurveyAnswerRecord[];
}
export interface SurveySectionRecord {
  id: number;
  name: string;
  description: string;
  instructions: string;
  numberOfQuestions: number;
  showInstructions: boolean;
  showName: boolean;
  questions: SurveyQuestionRecord[];
}
/** A stored survey as admins read it (GET /tests/{id}, and every admin survey write). */
export interface Survey {
  id: number;
  name: string;
  description: string;
  statusTypeCode: SurveyStatus;
  pointIssuanceDisabled: boolean;
  testTypeCode: TestTypeCode;
  fromDate: string;
  thruDate: string | null;
  maxAttempts: number;
  attemptId: null;
  score: number | null;
  surveyPointsAmount: number;
  groupIds: number[];
  sections: SurveySectionRecord[];
}
/** One row of GET /tests. */
export type SurveySummary = Omit<Survey, 'sections'>;

/** The body of POST /tests and PUT /tests/{id} as the survey builder sends it: children keep the ids they have. */
export interface SurveyBody {
  id?: number;
  name: string;
  description: string;
  /** The editor holds what it loaded; the server refuses DELETED here (only DELETE /tests/{id} reaches it) with a 400. */
  statusTypeCode: SurveyStatus;
  /** Asks for PENDING (approval) instead of ACTIVE when the survey targets a group. */
  pendingApproval?: boolean;
  pointIssuanceDisabled: boolean;
  /** One of GET /types/tests (a TestTypeCode); the server refuses another with a 400 naming the field. */
  testTypeCode: string;
  fromDate: string;
  thruDate: string | null;
  maxAttempts: number;
  surveyPointsAmount: number;
  groupIds: number[];
  sections: SurveySectionBody[];
}
export interface SurveySectionBody extends Omit<SurveySectionRecord, 'id' | 'questions'> {
  id?: number;
  questions: SurveyQuestionBody[];
}
export interface SurveyQuestionBody extends Omit<SurveyQuestionRecord, 'id' | 'answers'> {
  id?: number;
  answers: { id?: number; text: string }[];
}

/** GET /types/tests: the survey types an admin may choose. */
export interface TestTypeList {
  items: { code: string; name: string; displayStatusTypeCode: string }[];
}

// ---- The member's view (GET /participants/{paxId}/tests, /tests/{id}/take, POST .../responses) ----

/** Survey (member view), member spec section 3. */
export interface SurveyListItem {
  id: number;
  name: string;
  surveyPointsAmount: number;
  fromDate: string;
}
export type SurveyQuestion = Omit<SurveyQuestionRecord, never>;
export type SurveySection = Pick<SurveySectionRecord, 'name' | 'description' | 'instructions' | 'showName' | 'showInstructions'> & {
  questions: SurveyQuestion[];
};
/** GET /tests/{id}/take: the survey as a member answers it. */
export interface SurveyToTake {
  id: number;
  name: string;
  surveyPointsAmount?: number;
  sections: SurveySection[];
}
export interface SubmittedAnswer {
  questionId: number;
  answerIds: number[];
  userResponse?: string;
}
/** The body of POST /participants/{paxId}/tests/{id}/responses. */
export interface SurveyResponses {
  answers: SubmittedAnswer[];
}
/** Its answer: the points the survey paid (0 when it pays none) and where the award sits in the log. */
export interface SurveySubmitted {
  pointsAwarded: number;
  position: string;
}

// ---- Results (GET /tests/{id}/results...; issue 54, item 5) ----

/** A survey's results: completions by programme day and each question's answers (counts; free texts are paged). */
export interface SurveyResults {
  surveyId: number;
  name: string;
  completions: number;
  byDay: { day: string; completions: number }[];
  questions: {
    questionId: number;
    text: string;
    questionTypeCode: QuestionTypeCode;
    answers: { answerId: number; text: string; count: number }[];
    freeTexts: number;
  }[];
}

/** One free text a member wrote, with who wrote it (reading it is in that member's access log). */
export interface SurveyFreeText {
  paxId: number;
  memberName: string;
  submittedAt: string;
  text: string;
}
export interface SurveyFreeTextPage {
  items: SurveyFreeText[];
  page: number;
  size: number;
  totalElements: number;
}

/** Every answer given (the results' CSV): a chosen answer's words, or the text written. */
export interface SurveyAnswerExport {
  items: { submissionId: string; submittedAt: string; paxId: number; question: string; answer: string }[];
  truncated: boolean;
}

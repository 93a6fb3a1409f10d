/** A small valid survey body for POST /tests; override any field. */
export const surveyBody = (over: Record<string, unknown> = {}) => ({
  name: 'Quick pulse',
  surveyPointsAmount: 40,
  sections: [
    {
      name: 'Page one',
      questions: [
        { questionTypeCode: 'MULTIPLE_ONE', text: 'Pick one', answers: [{ text: 'A' }, { text: 'B' }] },
        { questionTypeCode: 'MULTIPLE_CHOICE', maxAnswers: 2, requiredAnswers: 1, text: 'Pick some', answers: [{ text: 'X' }, { text: 'Y' }, { text: 'Z' }] },
      ],
    },
    { name: 'Page two', questions: [{ questionTypeCode: 'USER_RESPONSE', text: 'Say something', answers: [] }] },
  ],
  ...over,
});

interface TakeQuestion {
  id: number;
  questionTypeCode: string;
  requiredAnswers: number;
  answers: { id: number }[];
}
interface Taken {
  sections: { questions: TakeQuestion[] }[];
}

/** A complete, valid set of answers for a survey as GET /tests/{id}/take returns it. */
export const validAnswers = (survey: Taken) => ({
  answers: survey.sections
    .flatMap((s) => s.questions)
    .map((q) =>
      q.questionTypeCode === 'USER_RESPONSE'
        ? { questionId: q.id, answerIds: [], userResponse: 'Great' }
        : { questionId: q.id, answerIds: q.answers.slice(0, Math.max(1, q.requiredAnswers)).map((a) => a.id) },
    ),
});
